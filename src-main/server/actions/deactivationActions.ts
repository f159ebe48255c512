import { avatarChangesWithName } from '../shape/avatars';
import { messagesSentBy, type SentMessagePlace } from '../store/messageDeletion';
import { RecipientType } from '../store/recipients';
import type { Sql } from '../store/sql';
import { setFullName, userById, type UserRow } from '../store/users';
import { deleteConversationMessages, type DeletedFrom, type Deletion } from './deletedMessages';

/** Zulip 12's `actions` of DELETE /users/{id} (feature level 459), each off unless asked. */
export interface DeactivationActions {
  delete_profile?: boolean | undefined;
  delete_public_channel_messages?: boolean | undefined;
  delete_private_channel_messages?: boolean | undefined;
  delete_direct_messages?: boolean | undefined;
}

/** What the actions changed of one account, to announce once committed. */
export interface ActionsDone {
  /** The account before and after its profile was deleted. */
  renamed: { before: UserRow; after: UserRow } | null;
  deletions: Deletion[];
}

function isAsked(actions: DeactivationActions, message: SentMessagePlace): boolean {
  if (message.recipient_type !== RecipientType.stream)
    return actions.delete_direct_messages === true;
  return message.invite_only === 1
    ? actions.delete_private_channel_messages === true
    : actions.delete_public_channel_messages === true;
}

/**
 * Zulip's delete_deactivated_user_messages: the account's messages of the
 * kinds asked for go, one delete_message event per topic of a channel and
 * per direct-message conversation.
 */
function deleteAskedMessages(
  sql: Sql,
  deleterId: number,
  account: UserRow,
  actions: DeactivationActions,
): ActionsDone['deletions'] {
  const places = new Map<string, { from: DeletedFrom; ids: number[] }>();
  for (const message of messagesSentBy(sql, account.id)) {
    if (!isAsked(actions, message)) continue;
    const inStream = message.recipient_type === RecipientType.stream;
    const key = inStream
      ? `${message.recipient_id}\n${message.subject.toLowerCase()}`
      : String(message.recipient_id);
    const from: DeletedFrom = inStream
      ? {
          kind: 'stream',
          streamId: message.recipient_type_id,
          recipientId: message.recipient_id,
          topic: message.subject,
        }
      : { kind: 'private' };
    const place = places.get(key) ?? { from, ids: [] };
    place.ids.push(message.id);
    places.set(key, place);
  }
  return [...places.values()].map(({ from, ids }) =>
    deleteConversationMessages(sql, deleterId, ids, from),
  );
}

/**
 * Zulip's do_deactivate_user with deactivate_user_actions, inside the
 * deactivation's transaction: delete_profile names a person "Deleted user"
 * and a bot "Deactivated bot" (the avatar drawn from the name follows), and
 * the messages asked for are deleted.
 */
export function applyDeactivationActions(
  sql: Sql,
  deleterId: number,
  account: UserRow,
  actions: DeactivationActions,
): ActionsDone {
  let renamed: ActionsDone['renamed'] = null;
  const name = account.is_bot === 1 ? 'Deactivated bot' : 'Deleted user';
  if (actions.delete_profile === true && account.full_name !== name) {
    setFullName(sql, account.id, name, avatarChangesWithName(account, name));
    const after = userById(sql, account.id);
    if (after) renamed = { before: account, after };
  }
  return { renamed, deletions: deleteAskedMessages(sql, deleterId, account, actions) };
}
