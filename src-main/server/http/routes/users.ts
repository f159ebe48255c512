import { z } from 'zod';
import { changeFullName } from '../../actions/changeFullName';
import {
  changeUserEmail,
  checkMayChangeEmails,
  checkNewEmail,
} from '../../actions/changeUserEmail';
import { checkNewUser, createUser } from '../../actions/createUser';
import {
  accessUserForAdmin,
  changeUserRole,
  deactivateUserByAdmin,
  reactivateUser,
  roleTypes,
} from '../../actions/userAdmin';
import { accessibleHumanIds, accessUserForReader, seesEveryone } from '../../actions/userAccess';
import { errors } from '../../errors';
import { profileDataByUser, profileDataField } from '../../shape/profileFields';
import { unknownUser } from '../../shape/unknownUser';
import { toProfile, toWireUser } from '../../shape/users';
import { allProfileFieldValues, profileFieldValuesOf } from '../../store/customProfileFields';
import { maxMessageIdOf } from '../../store/userMessages';
import type { Sql } from '../../store/sql';
import { allUsers, Role, userByEmail, userById } from '../../store/users';
import { answerAfter } from '../answerAfter';
import { JsonAnswer, userEndpoint } from '../endpoint';
import { optional, required } from '../params';

export const getOwnUser = userEndpoint({
  method: 'GET',
  path: '/users/me',
  params: {},
  // Each statement opens a read transaction of its own, which costs more than
  // the rest of the endpoint, and the answer's copying and serializing cost a
  // quarter of the host's time under load: with nothing written since (a
  // change to the user is a write too), the JSON written last time stands.
  handle: ({ services: { sql }, user }) =>
    sql.remember(`GET /users/me ${user.id}`, () => {
      const profile = Object.assign(
        toProfile(user, maxMessageIdOf(sql, user.id)),
        profileDataField(user, profileDataByUser(profileFieldValuesOf(sql, user.id))),
      );
      return new JsonAnswer(JSON.stringify(profile).slice(1, -1));
    }),
});

export const getUsers = userEndpoint({
  method: 'GET',
  path: '/users',
  params: {
    client_gravatar: optional('json', z.boolean(), false),
    include_custom_profile_fields: optional('json', z.boolean(), false),
    // Zulip 11 (feature level 384): only these users; IDs of no one are passed over.
    user_ids: optional('json', z.array(z.number().int())),
  },
  handle: ({ services, params, user }) => {
    const data = params.include_custom_profile_fields
      ? profileDataByUser(allProfileFieldValues(services.sql))
      : null;
    const wanted = params.user_ids === undefined ? null : new Set(params.user_ids);
    const everyone = allUsers(services.sql);
    const rows = wanted === null ? everyone : everyone.filter((row) => wanted.has(row.id));
    // Zulip's get_users_for_api: those the reader may not see are listed as "Unknown user".
    const accessible = seesEveryone(services.sql, user)
      ? null
      : accessibleHumanIds(services.sql, user.id, { includeDeactivated: true });
    // The spec's member list names a bot's owner by email (`bot_owner`);
    // Zulip 7.0's `bot_owner_id` comes beside it.
    const emails = new Map(everyone.map((row) => [row.id, row.email]));
    return {
      members: rows.map((row) => {
        if (accessible !== null && row.is_bot !== 1 && !accessible.has(row.id)) {
          return unknownUser(row.id, services.realmUri());
        }
        const ownerEmail = row.bot_owner_id === null ? undefined : emails.get(row.bot_owner_id);
        return {
          ...toWireUser(row, {
            clientGravatar: params.client_gravatar,
            ...(ownerEmail === undefined ? {} : { ownerEmail }),
          }),
          ...(data ? profileDataField(row, data) : {}),
        };
      }),
    };
  },
});

export const createUserEndpoint = userEndpoint({
  method: 'POST',
  path: '/users',
  params: {
    email: required('text', z.string()),
    password: required('text', z.string().min(1)),
    full_name: required('text', z.string()),
  },
  handle: ({ services, params, user }) => {
    if (user.role > Role.admin) throw errors.badRequest('User not authorized for this query');
    const request = { email: params.email, fullName: params.full_name, role: Role.member };
    checkNewUser(services.sql, request);
    return answerAfter(services.passwords.hash(params.password), (passwordHash) => ({
      user_id: createUser(services, { ...request, passwordHash, beforeFirstLogin: true }).id,
    }));
  },
});

const userId = required('json', z.number().int().nonnegative());

/** One segment of Zulip's URLs for a user: digits are an ID, anything else an email. */
const userIdOrEmail = required('text', z.string());
const userByIdOrEmail = (sql: Sql, key: string) =>
  /^[0-9]+$/.test(key) ? userById(sql, Number(key)) : userByEmail(sql, key);

/**
 * Zulip's GET /users/{user_id} and GET /users/{email}, one path as Zulip's
 * URLs have it (digits are an ID, anything else an email): anyone in the
 * organization, deactivated users and bots too, but no one the reader may
 * not see (Zulip's access_user_common). Every email on the host is visible
 * to everyone, so each user is found by it (feature level 302).
 */
export const getUserEndpoint = userEndpoint({
  method: 'GET',
  path: '/users/:user_id',
  params: {
    user_id: userIdOrEmail,
    client_gravatar: optional('json', z.boolean(), false),
    include_custom_profile_fields: optional('json', z.boolean(), false),
  },
  handle: ({ services: { sql }, params, user }) => {
    const found = userByIdOrEmail(sql, params.user_id);
    const target = accessUserForReader(sql, user, found, { deactivated: true, bots: true });
    const data = params.include_custom_profile_fields
      ? profileDataByUser(profileFieldValuesOf(sql, target.id))
      : null;
    const ownerEmail =
      target.bot_owner_id === null ? undefined : userById(sql, target.bot_owner_id)?.email;
    return {
      user: {
        ...toWireUser(target, {
          clientGravatar: params.client_gravatar,
          ...(ownerEmail === undefined ? {} : { ownerEmail }),
        }),
        ...(data ? profileDataField(target, data) : {}),
      },
    };
  },
});

/**
 * Zulip's PATCH /users/{user_id} and PATCH /users/{email}, for
 * administrators (and a bot's owner): a new role, a new name and, for
 * administrators, a new email (feature level 313). The email is checked
 * first and the role changed before the name, so a refused request leaves
 * the user as they were.
 */
export const updateUserEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/users/:user_id',
  params: {
    user_id: userIdOrEmail,
    full_name: optional('text', z.string()),
    new_email: optional('text', z.string()),
    role: optional(
      'json',
      z
        .number()
        .int()
        .refine((role) => roleTypes.includes(role), { message: 'Invalid role' }),
    ),
  },
  handle: ({ services, params, user }) => {
    const access = { allowDeactivated: true, allowBots: true };
    const found = userByIdOrEmail(services.sql, params.user_id);
    if (!found) throw errors.badRequest('No such user');
    const target = accessUserForAdmin(services.sql, user, found.id, access);
    const newEmail = params.new_email;
    if (newEmail !== undefined) {
      checkMayChangeEmails(user);
      checkNewEmail(services.sql, target, newEmail);
    }
    if (params.role !== undefined) changeUserRole(services, user, target.id, params.role);
    // Zulip ignores a blank name here rather than refusing it.
    if (params.full_name !== undefined && params.full_name.trim() !== '') {
      const current = accessUserForAdmin(services.sql, user, target.id, access);
      changeFullName(services, current, params.full_name);
    }
    if (newEmail !== undefined) {
      changeUserEmail(
        services,
        accessUserForAdmin(services.sql, user, target.id, access),
        newEmail,
      );
    }
    return {};
  },
});

export const deactivateUserEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/users/:user_id',
  params: {
    user_id: userId,
    // Zulip 12 (feature level 459): what else goes with the account.
    actions: optional(
      'json',
      z.object({
        delete_profile: z.boolean().optional(),
        delete_public_channel_messages: z.boolean().optional(),
        delete_private_channel_messages: z.boolean().optional(),
        delete_direct_messages: z.boolean().optional(),
      }),
    ),
  },
  handle: ({ services, params, user }) => {
    deactivateUserByAdmin(services, user, params.user_id, params.actions ?? {});
    return {};
  },
});

export const reactivateUserEndpoint = userEndpoint({
  method: 'POST',
  path: '/users/:user_id/reactivate',
  params: { user_id: userId },
  handle: ({ services, params, user }) => {
    reactivateUser(services, user, params.user_id);
    return {};
  },
});
