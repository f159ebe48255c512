import { compiledLinkifier } from '../markdown/linkifierPattern';
import { narrowMessages } from '../narrow/messageFilter';
import { messagesUpTo } from '../store/messages';
import type { MarkdownLookups, MentionableUser } from '../markdown/lookups';
import { allLinkifiers } from '../store/linkifiers';
import type { Sql } from '../store/sql';
import { realmEmojiUrl } from '../shape/realmEmoji';
import { realmAlertWords } from '../store/alertWords';
import { activeRealmEmojiByName } from '../store/realmEmoji';
import { streamByName } from '../store/streams';
import { userGroupByName } from '../store/userGroups';
import { groupMemberIds } from './groupMembership';
import { uploadedFile } from './uploadedFiles';
import { allUsers, userById, type UserRow } from '../store/users';

// Zulip 11 points a topic link at the topic's latest message its author can
// read (feature level 400), found as GET /messages would find it.
function latestReadableInTopic(
  sql: Sql,
  author: UserRow,
  streamId: number,
  topic: string,
): number | undefined {
  const { filter } = narrowMessages(sql, author, [
    { operator: 'channel', operand: streamId, negated: false },
    { operator: 'topic', operand: topic, negated: false },
  ]);
  return messagesUpTo(sql, filter, null, 1)[0]?.id;
}

const mentionable = (user: UserRow | undefined): MentionableUser | undefined =>
  user && { id: user.id, fullName: user.full_name, isActive: user.is_active === 1 };

/**
 * The organization as the Markdown renderer sees it, read from the store.
 * Names are read only when a message mentions someone by name, once per message.
 */
export function storeLookups(sql: Sql, author?: UserRow): MarkdownLookups {
  let byName: Map<string, UserRow> | undefined;
  return {
    userByName: (name) => {
      byName ??= new Map(allUsers(sql).map((user) => [user.full_name.toLowerCase(), user]));
      return mentionable(byName.get(name.toLowerCase()));
    },
    userById: (id) => mentionable(userById(sql, id)),
    streamByName: (name) => {
      const stream = streamByName(sql, name);
      return stream && { id: stream.id, name: stream.name };
    },
    userGroupByName: (name) => {
      // A deactivated group cannot be mentioned; its name stays plain text.
      const found = userGroupByName(sql, name);
      const group = found?.deactivated === 0 ? found : undefined;
      // Zulip mentions the members of the group's subgroups as well.
      const memberIds = group && groupMemberIds(sql, group.id, true);
      return group && memberIds && { id: group.id, name: group.name, memberIds };
    },
    alertWords: () => realmAlertWords(sql),
    realmEmoji: (name) => {
      const emoji = activeRealmEmojiByName(sql).get(name);
      return emoji && { sourceUrl: realmEmojiUrl(emoji.file_name) };
    },
    linkifiers: () =>
      allLinkifiers(sql).flatMap((linkifier) => {
        const compiled = compiledLinkifier(linkifier.pattern, linkifier.url_template);
        return compiled ? [compiled] : [];
      }),
    latestTopicMessageId: (streamId, topic) =>
      author && latestReadableInTopic(sql, author, streamId, topic),
    uploadedFile: (pathId) => uploadedFile(sql, pathId),
  };
}
