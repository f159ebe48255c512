import { idsWhoCanAccess } from './userAccess';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { startWithRealmLanguage } from '../store/displaySettings';
import type { Sql } from '../store/sql';
import { insertRecipient, recipientFor, RecipientType } from '../store/recipients';
import { defaultStreams, type StreamRow } from '../store/streams';
import { insertSubscription } from '../store/subscriptions';
import { insertUser, userByEmail, userById, type UserRow } from '../store/users';
import { toWireUser } from '../shape/users';
import { newApiKey } from './secrets';
import { addSubscriptionRows, notifyAdded } from './subscribe';
import { announceSystemGroupMembership } from './userGroups';
import { checkNameUnique } from './uniqueNames';
import { checkEmail, checkFullName } from './validate';

export interface CreateUserRequest {
  email: string;
  fullName: string;
  role: number;
  /** From `services.passwords`, made before the transaction; none: only the API key signs in. */
  passwordHash?: string | null;
  /** The streams an invitation names; without any, the organization's default streams. */
  streams?: readonly StreamRow[];
}

/**
 * createUser's checks, which a caller with a password makes before hashing
 * it: a refusal should not cost a hash. createUser makes them again, in its
 * transaction.
 */
export function checkNewUser(
  sql: Sql,
  request: { email: string; fullName: string },
): { email: string; fullName: string } {
  const email = checkEmail(request.email);
  const fullName = checkFullName(request.fullName);
  if (userByEmail(sql, email)) throw errors.badRequest(`Email '${email}' already in use`);
  checkNameUnique(sql, fullName);
  return { email, fullName };
}

export function createUser(services: Services, request: CreateUserRequest): UserRow {
  const { sql } = services;
  const { user, joined } = sql.transaction(() => {
    const { email, fullName } = checkNewUser(sql, request);
    const id = insertUser(sql, {
      email,
      fullName,
      role: request.role,
      apiKey: newApiKey(),
      passwordHash: request.passwordHash ?? null,
      dateJoined: Math.floor(Date.now() / 1000),
    });
    // As in Zulip, each user is subscribed to their own personal recipient,
    // which is how private messages to them are addressed.
    const recipientId = insertRecipient(sql, RecipientType.personal, id);
    insertSubscription(sql, { userId: id, recipientId, color: '' });
    startWithRealmLanguage(sql, id);
    const created = userById(sql, id);
    if (!created || !recipientFor(sql, RecipientType.personal, id)) {
      throw new Error('user vanished inside its own transaction');
    }
    // Zulip's process_new_human_user: a newcomer joins the streams of their
    // invitation, or, when it names none, the organization's default streams.
    const streams = request.streams?.length ? request.streams : defaultStreams(sql);
    return { user: created, joined: addSubscriptionRows(sql, [created], streams) };
  });

  services.queues.notify(
    plainNotice('realm_user', {
      op: 'add',
      // A new human has filled in no custom profile field yet; bots have none.
      person: {
        ...toWireUser(user, { clientGravatar: false }),
        ...(user.is_bot === 1 ? {} : { profile_data: {} }),
      },
    }),
    // Zulip 8 (feature level 228): only those who may see the newcomer, once
    // they have joined their first channels, hear of them.
    idsWhoCanAccess(sql, user),
  );
  announceSystemGroupMembership(services, user);
  notifyAdded(services, joined.added);
  return user;
}
