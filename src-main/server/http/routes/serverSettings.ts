import { realmIconUrl } from '../../shape/avatars';
import { pushNotificationsEnabled } from '../../store/pushService';
import { getRealm } from '../../store/realm';
import { HEARTH_VERSION, ZULIP_FEATURE_LEVEL, ZULIP_VERSION } from '../../version';
import { publicEndpoint } from '../endpoint';

export const getServerSettings = publicEndpoint({
  method: 'GET',
  path: '/server_settings',
  params: {},
  handle: ({ services }) => {
    const realm = getRealm(services.sql);
    return {
      authentication_methods: {
        password: true,
        dev: services.dev,
        email: true,
        ldap: false,
        remoteuser: false,
        github: false,
        azuread: false,
        gitlab: false,
        apple: false,
        google: false,
        saml: false,
        'openid connect': false,
        // Zulip 12 (feature level 488) names Discord beside the other social logins.
        discord: false,
      },
      external_authentication_methods: [],
      zulip_version: ZULIP_VERSION,
      zulip_merge_base: ZULIP_VERSION,
      zulip_feature_level: ZULIP_FEATURE_LEVEL,
      hearth_version: HEARTH_VERSION,
      push_notifications_enabled: pushNotificationsEnabled(services.sql),
      is_incompatible: false,
      email_auth_enabled: true,
      require_email_format_usernames: true,
      realm_uri: services.realmUri(),
      realm_url: services.realmUri(),
      realm_name: realm?.name ?? '',
      realm_icon: `${services.realmUri()}${realmIconUrl(realm?.icon_source ?? 'G', realm?.icon_version ?? 1)}`,
      realm_description: realm?.description ?? '',
      realm_web_public_access_enabled: false,
    };
  },
});
