import { z } from 'zod';
import { zulip7FeatureLevel } from '../../permissions/rolePolicies';
import { cleartextWarning } from './serverUrl';

/** Zulip 7.0: the oldest server whose API the Hearth client speaks. */
export const minimumFeatureLevel = zulip7FeatureLevel;
export const minimumZulipVersion = '7.0';

// GET /server_settings, read tolerantly: servers add keys over the years and
// older ones omit some (Zulip documents an implied feature level of 0 when
// `zulip_feature_level` is absent). `zulip_version` is what marks a Zulip server.
export const serverSettingsSchema = z.looseObject({
  result: z.literal('success'),
  zulip_version: z.string(),
  zulip_feature_level: z.number().int().default(0),
  realm_name: z.string().optional(),
  realm_url: z.string().optional(),
  realm_uri: z.string().optional(),
  realm_icon: z.string().optional(),
  realm_description: z.string().default(''),
  authentication_methods: z.record(z.string(), z.boolean()).default({}),
  email_auth_enabled: z.boolean().default(false),
  require_email_format_usernames: z.boolean().default(true),
  external_authentication_methods: z
    .array(z.looseObject({ name: z.string(), display_name: z.string() }))
    .default([]),
});
export type ServerSettings = z.infer<typeof serverSettingsSchema>;

export interface SignInMethods {
  /** Email (or LDAP username) and password, through POST /fetch_api_key. */
  password: boolean;
  /** A development server's one-click sign-in. */
  dev: boolean;
  /** Whether the sign-in name must look like an email address (false with LDAP usernames). */
  usernameIsEmail: boolean;
  /** Names of the single sign-on methods, which only the web browser flow offers. */
  external: string[];
  /** Nothing here but single sign-on: the person needs an API key or a zuliprc file. */
  externalOnly: boolean;
}

/** What the join form shows about an organization before anyone signs in. */
export interface ServerInfo {
  /** The address Hearth calls, as normalised from what was typed. */
  serverUrl: string;
  realmUrl: string;
  realmName: string;
  /** Absolute, or null when the server names no icon. */
  realmIcon: string | null;
  /** HTML, as Zulip renders it. */
  realmDescription: string;
  zulipVersion: string;
  featureLevel: number;
  signIn: SignInMethods;
  /** Set when the key would travel unencrypted to another computer. */
  warning: string | null;
}

// Zulip may send `realm_icon` relative to the realm (an uploaded icon under /user_avatars/).
function absolute(url: string | undefined, base: string): string | null {
  if (url === undefined || url === '') return null;
  try {
    return new URL(url, `${base}/`).href;
  } catch {
    return null;
  }
}

export function toServerInfo(
  serverUrl: string,
  settings: ServerSettings & { realm_name: string },
): ServerInfo {
  const realmUrl = (settings.realm_url ?? settings.realm_uri ?? serverUrl).replace(/\/+$/, '');
  const methods = settings.authentication_methods;
  // LDAP takes its username and password through POST /fetch_api_key too.
  const password =
    methods.password === true || methods.ldap === true || settings.email_auth_enabled;
  const dev = methods.dev === true;
  const external = settings.external_authentication_methods.map((method) => method.display_name);
  return {
    serverUrl,
    realmUrl,
    realmName: settings.realm_name,
    realmIcon: absolute(settings.realm_icon, realmUrl),
    realmDescription: settings.realm_description,
    zulipVersion: settings.zulip_version,
    featureLevel: settings.zulip_feature_level,
    signIn: {
      password,
      dev,
      usernameIsEmail: settings.require_email_format_usernames,
      external,
      externalOnly: !password && !dev && external.length > 0,
    },
    warning: cleartextWarning(serverUrl),
  };
}
