import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { makeGroup } from '../helpers/userGroups';

// Zulip 12's PATCH /settings with target_users (feature level 444): an
// administrator changes settings for other people, or for the members of
// groups, skipping those who chose the setting themselves when asked.

describe('changing settings for others (PATCH /settings with target_users)', () => {
  let org: Org;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let teamId: number;

  beforeAll(async () => {
    org = await startOrg();
    admin = await org.user('admin');
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    await org.api(org.owner)('PATCH', `/users/${admin.id}`, { role: 200 });
    teamId = await makeGroup(org, 'team', [bob.id]);
  });
  afterAll(() => org.close());

  const settingsOf = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { fetch_event_types: ['user_settings'] })).json
      .user_settings as Record<string, unknown>;
  const forOthers = (user: TestUser, params: Record<string, unknown>) =>
    org.api(user)('PATCH', '/settings', params);

  it('sets a setting for the people and the members of the groups named, telling each', async () => {
    const queueId = (await org.api(bob)('POST', '/register', { event_types: ['user_settings'] }))
      .json.queue_id as string;
    const response = await forOthers(admin, {
      target_users: { user_ids: [alice.id], group_ids: [teamId], skip_if_already_edited: false },
      web_home_view: 'recent',
      web_font_size_px: 18,
    });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    for (const user of [alice, bob]) {
      expect(await settingsOf(user)).toMatchObject({
        web_home_view: 'recent',
        web_font_size_px: 18,
      });
    }
    expect(await settingsOf(carol)).toMatchObject({ web_home_view: 'inbox' });
    expect(await settingsOf(admin)).toMatchObject({ web_home_view: 'inbox' });
    const events = (await org.api(bob)('GET', '/events', { queue_id: queueId, dont_block: true }))
      .json.events as Record<string, unknown>[];
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'user_settings',
        op: 'update',
        property: 'web_home_view',
        value: 'recent',
      }),
    );
  });

  it('skips those who chose the setting themselves, when asked', async () => {
    await org.api(carol)('PATCH', '/settings', { color_scheme: 2 });
    // An administrator's change is not the person's own choice.
    await forOthers(admin, {
      target_users: { user_ids: [alice.id], skip_if_already_edited: false },
      color_scheme: 3,
    });
    const response = await forOthers(admin, {
      target_users: { user_ids: [alice.id, carol.id], skip_if_already_edited: true },
      color_scheme: 1,
      web_font_size_px: 20,
    });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    expect(await settingsOf(carol)).toMatchObject({ color_scheme: 2, web_font_size_px: 20 });
    expect(await settingsOf(alice)).toMatchObject({ color_scheme: 1, web_font_size_px: 20 });
  });

  it('is for administrators, and never sets what is personal', async () => {
    const member = await forOthers(alice, {
      target_users: { user_ids: [bob.id], skip_if_already_edited: false },
      web_home_view: 'inbox',
    });
    expect(member.json).toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization administrator',
    });
    const personal: Record<string, unknown>[] = [
      { send_read_receipts: false },
      { presence_enabled: false },
      { timezone: 'Europe/Paris' },
      { old_password: 'x', new_password: 'a new password 1' },
    ];
    for (const params of personal) {
      const refused = await forOthers(admin, {
        target_users: { user_ids: [bob.id], skip_if_already_edited: false },
        ...params,
      });
      expect(refused.json, JSON.stringify(params)).toMatchObject({
        code: 'BAD_REQUEST',
        msg: 'Cannot change this setting for other users.',
      });
    }
    const nobody = await forOthers(admin, {
      target_users: { skip_if_already_edited: false },
      web_home_view: 'inbox',
    });
    expect(nobody.json).toMatchObject({ msg: 'Either user_ids or group_ids must be provided.' });
    const unknownGroup = await forOthers(admin, {
      target_users: { group_ids: [4242], skip_if_already_edited: false },
      web_home_view: 'inbox',
    });
    expect(unknownGroup.json).toMatchObject({ msg: 'Invalid user group ID: 4242' });
    expect(await settingsOf(bob)).toMatchObject({
      web_home_view: 'recent',
      send_read_receipts: true,
    });
  });
});
