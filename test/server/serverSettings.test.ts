import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org } from '../helpers/org';

// Spec §2, Server settings: every field of GET /server_settings, asked
// without credentials.
describe('GET /server_settings', () => {
  let org: Org;

  beforeAll(async () => {
    org = await startOrg();
  });
  afterAll(() => org.close());

  it('answers without credentials, naming every authentication method and which are on', async () => {
    const response = await org.api()('GET', '/server_settings');
    expect(response.status).toBe(200);
    expect(response.json.authentication_methods).toEqual({
      password: true,
      dev: false,
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
      discord: false,
    });
    expect(response.json.external_authentication_methods).toEqual([]);
  });

  it('offers no social login, Discord included (feature level 488), in server settings or register', async () => {
    const settings = await org.api()('GET', '/server_settings');
    expect(settings.json.authentication_methods.discord).toBe(false);
    expect(settings.json.external_authentication_methods).toEqual([]);
    const registered = await org.api(await org.user('alice'))('POST', '/register', {
      fetch_event_types: ['realm'],
    });
    expect(Object.keys(registered.json.realm_authentication_methods)).toEqual(['Email']);
  });

  it('reports the Zulip version and feature level it reproduces, and its own version', async () => {
    const { json } = await org.api()('GET', '/server_settings');
    expect(json).toMatchObject({
      result: 'success',
      msg: '',
      zulip_version: '12.0',
      zulip_merge_base: '12.0',
      zulip_feature_level: 498,
      hearth_version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it('describes the login rules and the organization', async () => {
    const { json } = await org.api()('GET', '/server_settings');
    expect(json).toMatchObject({
      push_notifications_enabled: false,
      is_incompatible: false,
      email_auth_enabled: true,
      require_email_format_usernames: true,
      realm_uri: org.url,
      realm_name: 'Hearth',
      realm_description: '',
    });
    expect(json.realm_icon).toBe(`${org.url}/realm_icon.svg`);
  });

  it('serves the organization icon at realm_icon, drawn from its name', async () => {
    const { json } = await org.api()('GET', '/server_settings');
    const icon = await fetch(json.realm_icon);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    expect(await icon.text()).toMatch(/^<svg [^>]*>.*>H<\/text><\/svg>$/);
  });

  it('turns on the dev method on a development host', async () => {
    const dev = await startOrg({ dev: true });
    try {
      const { json } = await dev.api()('GET', '/server_settings');
      expect(json.authentication_methods).toMatchObject({ dev: true, password: true });
    } finally {
      await dev.close();
    }
  });
});
