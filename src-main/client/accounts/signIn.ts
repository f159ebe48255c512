import { z } from 'zod';
import { mt, type MainKey } from '../../i18n/mainText';
import { createApi } from '../api';
import { ApiError } from '../api/errors';
import { createHttpClient, type HttpClientOptions } from '../api/http';
import type { CertificatePin } from '../network/certificates';
import { explainFailure } from './explainFailure';
import type { ServerInfo } from './serverInfo';
import { SignInError, type SignInField } from './signInError';

/** A confirmed key for one user of one organization: what an account is made from. */
export interface SignInResult {
  serverUrl: string;
  /** The email Zulip's API knows the user by, which may differ from the one typed. */
  email: string;
  apiKey: string;
  userId: number;
  fullName: string;
  realmName: string;
  realmIcon: string | null;
  /** The certificate pinned on the way in, for a server that made its own. */
  certificate?: CertificatePin | null;
}

export interface SignInOptions extends HttpClientOptions {
  /** The field a rejected key belongs to: `zuliprc` when the key came from a file. */
  keyField?: SignInField;
}

// POST /fetch_api_key; `user_id` arrived in Zulip 7.0 and is confirmed below anyway.
const apiKeySchema = z.looseObject({ api_key: z.string().min(1), email: z.string() });

const required = (value: string, field: SignInField, missing: MainKey): string => {
  const trimmed = value.trim();
  if (trimmed === '') throw new SignInError('invalid-input', mt(missing), field);
  return trimmed;
};

/** Signs in with the password, which is sent once and never kept. */
export async function signInWithPassword(
  server: ServerInfo,
  email: string,
  password: string,
  options: HttpClientOptions = {},
): Promise<SignInResult> {
  const username = required(email, 'email', 'main.signIn.enterEmail');
  if (password === '') {
    throw new SignInError('invalid-input', mt('main.signIn.enterPassword'), 'password');
  }
  const { serverUrl } = server;
  let key;
  try {
    key = await createHttpClient({ serverUrl }, options).request(
      'POST',
      'fetch_api_key',
      { username, password },
      apiKeySchema,
    );
  } catch (error) {
    throw explainFailure(error, { serverUrl, credentialField: 'password' });
  }
  return signInWithApiKey(server, key.email, key.api_key, options);
}

/** Signs in with an API key the person copied from their settings, confirmed with GET /users/me. */
export async function signInWithApiKey(
  server: ServerInfo,
  email: string,
  apiKey: string,
  options: SignInOptions = {},
): Promise<SignInResult> {
  const { keyField = 'apiKey', ...httpOptions } = options;
  const credentials = {
    serverUrl: server.serverUrl,
    email: required(email, 'email', 'main.signIn.enterEmail'),
    apiKey: required(apiKey, keyField, 'main.signIn.enterApiKey'),
  };
  let identity;
  try {
    identity = await createApi(credentials, {
      waitOutRateLimits: false,
      ...httpOptions,
    }).getIdentity();
  } catch (error) {
    throw explainFailure(error, { serverUrl: server.serverUrl, credentialField: keyField });
  }
  return {
    ...credentials,
    userId: identity.user_id,
    fullName: identity.full_name,
    realmName: server.realmName,
    realmIcon: server.realmIcon,
  };
}

export interface Newcomer {
  email: string;
  fullName: string;
  password: string;
}

/**
 * Joins by an invitation link's key (a Hearth host's POST /hearth/join),
 * creating the account, then signs in with the key it answers with. The
 * password is sent once and never kept.
 */
export async function joinWithInvitation(
  server: ServerInfo,
  key: string,
  newcomer: Newcomer,
  options: HttpClientOptions = {},
): Promise<SignInResult> {
  const email = required(newcomer.email, 'email', 'main.signIn.enterEmail');
  const fullName = required(newcomer.fullName, 'fullName', 'main.signIn.enterName');
  if (newcomer.password === '') {
    throw new SignInError('invalid-input', mt('main.signIn.choosePassword'), 'password');
  }
  const { serverUrl } = server;
  let answer;
  try {
    answer = await createHttpClient({ serverUrl }, options).request(
      'POST',
      'hearth/join',
      { key, email, full_name: fullName, password: newcomer.password },
      apiKeySchema,
    );
  } catch (error) {
    // The host says what it refused (a taken email, a bad name, a spent
    // link); the form shows it beside that field.
    if (error instanceof ApiError && error.code === 'BAD_REQUEST') {
      throw new SignInError('rejected', error.message, newcomerField(error.message));
    }
    throw explainFailure(error, { serverUrl, credentialField: 'password' });
  }
  return signInWithApiKey(server, answer.email, answer.api_key, options);
}

const newcomerField = (message: string): SignInField =>
  /email/i.test(message)
    ? 'email'
    : /name/i.test(message)
      ? 'fullName'
      : /invitation/i.test(message)
        ? 'serverUrl'
        : 'password';
