import { idsWhoCanAccess } from './userAccess';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { startWithRealmLanguage } from '../store/displaySettings';
import { markOnboardingStepSeen } from '../store/onboardingSteps';
import type { Sql } from '../store/sql';
import { insertRecipient, recipientFor, RecipientType } from '../store/recipients';
import { getRealm } from '../store/realm';
import { defaultStreams, type StreamRow } from '../store/streams';
import { insertSubscription } from '../store/subscriptions';
import { revokeEmailInvitesFor } from '../store/invites';
import { addUserGroupMembers, userGroupById } from '../store/userGroups';
import { insertUser, userByEmail, userById, type UserRow } from '../store/users';
import { toWireUser } from '../shape/users';
import { newApiKey } from './secrets';
import { addSubscriptionRows, notifyAdded } from './subscribe';
import { announceSystemGroupMembership } from './userGroups';
import { tellAboutGroup } from './userGroupDeactivation';
import { checkNameUnique } from './uniqueNames';
import { checkEmail, checkFullName } from './validate';
import { announceAll, type Announcements } from './systemBotMessages';
import { stageWelcomeMessages } from './welcomeBot';

export interface CreateUserRequest {
  email: string;
  fullName: string;
  role: number;
  /** From `services.passwords`, made before the transaction; none: only the API key signs in. */
  passwordHash?: string | null;
  /** What the invitation the newcomer joins by gives them; without one, the default streams. */
  invitation?: InvitationGifts;
  /**
   * Made by someone else through POST /users, as Zulip's
   * TOS_VERSION_BEFORE_FIRST_LOGIN marks it: date_joined waits for the
   * person's first sign-in (feature level 475).
   */
  beforeFirstLogin?: boolean;
  /**
   * Welcome Bot greets the newcomer in the same transaction (feature level
   * 416), with the invitation's own custom text where it has one.
   */
  welcome?: { customText?: string | undefined };
}

export interface InvitationGifts {
  streams: readonly StreamRow[];
  /** Zulip 9 (feature level 261): the organization's default streams as well. */
  defaultStreams: boolean;
  /** Zulip 10 (feature level 322): the user groups the newcomer joins. */
  groupIds: readonly number[];
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
  const announcements: Announcements = [];
  const { user, joined, groupIds } = sql.transaction(() => {
    const { email, fullName } = checkNewUser(sql, request);
    const id = insertUser(sql, {
      email,
      fullName,
      role: request.role,
      apiKey: newApiKey(),
      passwordHash: request.passwordHash ?? null,
      dateJoined: Math.floor(Date.now() / 1000),
      firstLoginPending: request.beforeFirstLogin === true,
      // Zulip 12 (feature levels 456 and 466): a newcomer's avatar is the organization's default.
      avatarSource: getRealm(sql)?.default_avatar_source ?? 'G',
    });
    // As in Zulip, each user is subscribed to their own personal recipient,
    // which is how private messages to them are addressed.
    const recipientId = insertRecipient(sql, RecipientType.personal, id);
    insertSubscription(sql, { userId: id, recipientId, color: '' });
    startWithRealmLanguage(sql, id);
    // Zulip's process_new_human_user: the banner about topic visibility is
    // for those who knew Zulip before it, so a newcomer has read it.
    markOnboardingStepSeen(sql, id, 'visibility_policy_banner', Math.floor(Date.now() / 1000));
    const created = userById(sql, id);
    if (!created || !recipientFor(sql, RecipientType.personal, id)) {
      throw new Error('user vanished inside its own transaction');
    }
    // Zulip's process_new_human_user: the email invitations for an address
    // stop working once someone has it (joining by one is
    // invitationAccepted's to record).
    if (!request.invitation) revokeEmailInvitesFor(sql, email);
    // Zulip's set_up_streams_and_groups_for_new_human_user: a newcomer joins
    // the streams and groups of their invitation, and the default streams
    // when it says so or there is none. A group gone since is passed over.
    const { invitation } = request;
    const streams = invitation?.streams ?? [];
    const defaults = !invitation || invitation.defaultStreams ? defaultStreams(sql) : [];
    const invited = new Set(streams.map((row) => row.id));
    const joinedStreams = [...streams, ...defaults.filter((row) => !invited.has(row.id))];
    const groupIds = (invitation?.groupIds ?? []).filter((groupId) => userGroupById(sql, groupId));
    for (const groupId of groupIds) addUserGroupMembers(sql, groupId, [id]);
    if (request.welcome) {
      stageWelcomeMessages(services, created, announcements, request.welcome.customText);
    }
    return {
      user: created,
      joined: addSubscriptionRows(sql, [created], joinedStreams),
      groupIds,
    };
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
  for (const groupId of groupIds) {
    tellAboutGroup(services, groupId, {
      op: 'add_members',
      group_id: groupId,
      user_ids: [user.id],
    });
  }
  notifyAdded(services, joined.added);
  announceAll(announcements);
  return user;
}
