import { mt } from '../../i18n/mainText';
import { createHttpClient, type HttpClientOptions } from '../api/http';
import { explainFailure } from './explainFailure';
import {
  minimumFeatureLevel,
  minimumZulipVersion,
  serverSettingsSchema,
  toServerInfo,
  type ServerInfo,
} from './serverInfo';
import { normaliseServerUrl } from './serverUrl';
import { SignInError } from './signInError';

/**
 * Looks at the address a person typed, without signing in: which organization
 * lives there and how one signs in to it. Refuses what Hearth cannot use.
 */
export async function probeServer(
  typedUrl: string,
  options: HttpClientOptions = {},
): Promise<ServerInfo> {
  const serverUrl = normaliseServerUrl(typedUrl);
  const http = createHttpClient(
    { serverUrl },
    { timeoutMs: 15_000, waitOutRateLimits: false, ...options },
  );
  let settings;
  try {
    settings = await http.request('GET', 'server_settings', {}, serverSettingsSchema);
  } catch (error) {
    throw explainFailure(error, { serverUrl, credentialField: 'serverUrl' });
  }
  const host = new URL(serverUrl).host;
  if (settings.zulip_feature_level < minimumFeatureLevel) {
    throw new SignInError(
      'too-old',
      mt('main.signIn.tooOld', {
        host,
        version: settings.zulip_version,
        level: String(settings.zulip_feature_level),
        minimumVersion: minimumZulipVersion,
        minimumLevel: String(minimumFeatureLevel),
      }),
      'serverUrl',
    );
  }
  // Zulip answers at a server's root domain even where no organization lives.
  const realmName = settings.realm_name;
  if (realmName === undefined) {
    throw new SignInError(
      'no-organization',
      mt('main.signIn.noOrganization', { host }),
      'serverUrl',
    );
  }
  return toServerInfo(serverUrl, { ...settings, realm_name: realmName });
}
