import { z } from 'zod';
import { recordFirstLogin } from '../../actions/firstLogin';
import { checkPasswordLogin } from '../../actions/passwordLogin';
import { errors } from '../../errors';
import { isRealmDeactivated } from '../../store/realmDeactivation';
import { userByEmail, type UserRow } from '../../store/users';
import { answerAfter } from '../answerAfter';
import { publicEndpoint } from '../endpoint';
import { required } from '../params';

const keyResponse = (user: UserRow) => ({
  api_key: user.api_key,
  email: user.email,
  user_id: user.id,
});

export const fetchApiKey = publicEndpoint({
  method: 'POST',
  path: '/fetch_api_key',
  params: { username: required('text', z.string()), password: required('text', z.string()) },
  handle: ({ services, params, standings }) => {
    const username = params.username.trim();
    // As in Zulip, every attempt counts and only the right password clears the count.
    services.rateLimits?.login(username, standings);
    return answerAfter(checkPasswordLogin(services, username, params.password), (user) => {
      services.rateLimits?.loggedIn(username);
      // As in Zulip, only the right password learns that the account is deactivated.
      if (user.is_active !== 1) throw errors.userDeactivated();
      if (isRealmDeactivated(services.sql)) throw errors.realmDeactivated();
      return keyResponse(recordFirstLogin(services, user));
    });
  },
});

// Zulip registers this endpoint only on development servers; elsewhere it refuses.
export const devFetchApiKey = publicEndpoint({
  method: 'POST',
  path: '/dev_fetch_api_key',
  params: { username: required('text', z.string()) },
  handle: ({ services, params }) => {
    if (!services.dev) throw errors.badRequest('DevAuthBackend not enabled.');
    const user = userByEmail(services.sql, params.username.trim());
    if (!user) throw errors.authenticationFailed();
    if (user.is_active !== 1) throw errors.userDeactivated();
    if (isRealmDeactivated(services.sql)) throw errors.realmDeactivated();
    return keyResponse(user);
  },
});
