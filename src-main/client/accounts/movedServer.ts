import type { InitialState } from '../../wire/registerState';
import { createHttpClient } from '../api/http';
import { registrationApi } from '../api/registration';
import type { Network } from '../network/routing';
import type { AccountRecord } from './accountList';
import { serverSettingsSchema } from './serverInfo';

/**
 * Where a server an account reaches by a pinned certificate says its
 * organization lives now: a Hearth host that got a certificate for a public
 * name (issue 53) answers its register with that name as `realm_url`, as
 * Zulip answers with an organization's new URL. Null while it names the
 * account's own address, for an account an authority already vouches for,
 * and for anything but HTTPS.
 */
export function movedServerUrl(
  account: Pick<AccountRecord, 'serverUrl' | 'certificate'>,
  state: InitialState | null,
): string | null {
  const said = state?.['realm_url'];
  if (account.certificate === null || typeof said !== 'string' || !URL.canParse(said)) {
    return null;
  }
  const url = new URL(said);
  if (url.protocol !== 'https:' || url.origin === new URL(account.serverUrl).origin) return null;
  return url.origin;
}

/**
 * Checks the organization at `newUrl` before an account moves there, as it
 * would be checked by anyone joining it: its certificate against this
 * computer's authorities alone (no pin), its server settings naming `newUrl`
 * as the organization's, and the account's key answering there as the same
 * person. Throws, saying which failed.
 */
export async function checkMovedServer(
  network: Network,
  newUrl: string,
  account: Pick<AccountRecord, 'email' | 'userId'>,
  apiKey: string,
): Promise<void> {
  const options = { fetch: network.fetchFor(null), timeoutMs: 15_000, waitOutRateLimits: false };
  const settings = await createHttpClient({ serverUrl: newUrl }, options).request(
    'GET',
    'server_settings',
    {},
    serverSettingsSchema,
  );
  const said = settings.realm_url ?? settings.realm_uri;
  if (said === undefined || !URL.canParse(said) || new URL(said).origin !== newUrl) {
    throw new Error(`${newUrl} names another organization address: ${said ?? 'none'}`);
  }
  const credentials = { serverUrl: newUrl, email: account.email, apiKey };
  const identity = await registrationApi(createHttpClient(credentials, options)).getIdentity();
  if (identity.user_id !== account.userId) {
    throw new Error(`${account.email}'s key answers as someone else at ${newUrl}`);
  }
}
