import { z } from 'zod';
import { createUser } from '../../actions/createUser';
import { errors } from '../../errors';
import { profileDataByUser, profileDataField } from '../../shape/profileFields';
import { toProfile, toWireUser } from '../../shape/users';
import { allProfileFieldValues, profileFieldValuesOf } from '../../store/customProfileFields';
import { maxMessageIdOf } from '../../store/userMessages';
import { allUsers, Role } from '../../store/users';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

export const getOwnUser = userEndpoint({
  method: 'GET',
  path: '/users/me',
  params: {},
  // Each statement opens a read transaction of its own, which costs more than
  // the rest of the endpoint; with nothing written since, both answers stand.
  handle: ({ services: { sql }, user }) => {
    const { maxMessageId, profileData } = sql.remember(`GET /users/me ${user.id}`, () => ({
      maxMessageId: maxMessageIdOf(sql, user.id),
      profileData: profileDataField(user, profileDataByUser(profileFieldValuesOf(sql, user.id))),
    }));
    return Object.assign(toProfile(user, maxMessageId), profileData);
  },
});

export const getUsers = userEndpoint({
  method: 'GET',
  path: '/users',
  params: {
    client_gravatar: optional('json', z.boolean(), false),
    include_custom_profile_fields: optional('json', z.boolean(), false),
  },
  handle: ({ services, params }) => {
    const data = params.include_custom_profile_fields
      ? profileDataByUser(allProfileFieldValues(services.sql))
      : null;
    const rows = allUsers(services.sql);
    // The spec's member list names a bot's owner by email (`bot_owner`);
    // Zulip 7.0's `bot_owner_id` comes beside it.
    const emails = new Map(rows.map((row) => [row.id, row.email]));
    return {
      members: rows.map((row) => {
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
    const created = createUser(services, {
      email: params.email,
      fullName: params.full_name,
      password: params.password,
      role: Role.member,
    });
    return { user_id: created.id };
  },
});
