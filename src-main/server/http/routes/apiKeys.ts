import { z } from 'zod';
import { checkPassword } from '../../actions/secrets';
import { errors } from '../../errors';
import { userByEmail, type UserRow } from '../../store/users';
import { publicEndpoint } from '../endpoint';
import { required } from '../params';

const keyResponse = (user: UserRow) => ({
  api_key: user.api_key,
  email: user.email,
  user_id: user.id,
});

const authenticationFailed = () =>
  errors.unauthorized('Your username or password is incorrect', 'AUTHENTICATION_FAILED');

export const fetchApiKey = publicEndpoint({
  method: 'POST',
  path: '/fetch_api_key',
  params: { username: required('text', z.string()), password: required('text', z.string()) },
  handle: ({ services, params, standings }) => {
    const username = params.username.trim();
    // As in Zulip, every attempt counts and only the right password clears the count.
    services.rateLimits?.login(username, standings);
    const user = userByEmail(services.sql, username);
    if (!user || !checkPassword(params.password, user.password_hash)) {
      throw authenticationFailed();
    }
    services.rateLimits?.loggedIn(username);
    // As in Zulip, only the right password learns that the account is deactivated.
    if (user.is_active !== 1) throw errors.userDeactivated();
    return keyResponse(user);
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
    if (!user) throw authenticationFailed();
    if (user.is_active !== 1) throw errors.userDeactivated();
    return keyResponse(user);
  },
});
