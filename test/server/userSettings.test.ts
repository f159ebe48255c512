import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip's unified PATCH /settings and the register state it changes.
describe('PATCH /settings', () => {
  let org: Org;
  let alice: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
  });
  afterAll(() => org.close());

  const register = async (params: Record<string, unknown> = {}) =>
    (await org.api(alice)('POST', '/register', params)).json;
  const patch = (params: Record<string, unknown>) => org.api(alice)('PATCH', '/settings', params);

  it("starts user_settings from Zulip's defaults, with the choices clients offer", async () => {
    const { user_settings: settings } = await register({ fetch_event_types: ['user_settings'] });
    expect(settings).toMatchObject({
      twenty_four_hour_time: false,
      color_scheme: 1,
      emojiset: 'google',
      web_home_view: 'inbox',
      enter_sends: false,
      send_private_typing_notifications: true,
      send_stream_typing_notifications: true,
      send_read_receipts: true,
      presence_enabled: true,
      pm_content_in_desktop_notifications: true,
      email_notifications_batching_period_seconds: 120,
      timezone: '',
      available_notification_sounds: ['ember', 'chime', 'ding', 'knock', 'pluck'],
    });
    expect(settings.emojiset_choices).toContainEqual({ key: 'text', text: 'Plain text' });
  });

  it('changes a setting, answering result and msg, and announces it by user_settings alone (feature level 439)', async () => {
    const queueId = (await register({ event_types: ['user_settings', 'update_display_settings'] }))
      .queue_id;
    const response = await patch({ twenty_four_hour_time: true });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    const { events } = (
      await org.api(alice)('GET', '/events', { queue_id: queueId, dont_block: true })
    ).json;
    expect(events).toEqual([
      {
        id: expect.any(Number),
        type: 'user_settings',
        op: 'update',
        property: 'twenty_four_hour_time',
        value: true,
      },
    ]);
    const state = await register();
    expect(state.user_settings.twenty_four_hour_time).toBe(true);
    expect(state).not.toHaveProperty('twenty_four_hour_time');
  });

  it('sends nothing for a value that does not change', async () => {
    const queueId = (await register({ event_types: ['user_settings'] })).queue_id;
    await patch({ starred_message_counts: true });
    const { events } = (
      await org.api(alice)('GET', '/events', { queue_id: queueId, dont_block: true })
    ).json;
    expect(events).toEqual([]);
  });

  it('gives the settings in user_settings alone, whatever the client declares (feature level 439)', async () => {
    for (const capabilities of [{ user_settings_object: true }, {}]) {
      const state = await register({ client_capabilities: capabilities });
      expect(state).toHaveProperty('user_settings');
      expect(state).not.toHaveProperty('twenty_four_hour_time');
      expect(state).not.toHaveProperty('enable_sounds');
    }
  });

  it("refuses values outside Zulip's choices", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ color_scheme: 9 }, 'color_scheme'],
      [{ emojiset: 'comic' }, 'emojiset'],
      [{ web_home_view: 'recent_topics' }, 'web_home_view'],
    ];
    for (const [params, name] of cases) {
      const response = await patch(params);
      expect(response.status).toBe(400);
      expect(response.json.var_name).toBe(name);
    }
    const sound = await patch({ notification_sound: 'gong' });
    expect(sound.json.msg).toBe("Invalid notification sound 'gong'");
    // Zulip's default name is taken, so a Zulip client resetting the setting is not refused.
    expect((await patch({ notification_sound: 'zulip' })).status).toBe(200);
    const batching = await patch({ email_notifications_batching_period_seconds: 5 });
    expect(batching.json.msg).toBe('Invalid email batching period: 5 seconds');
    expect((await register()).user_settings.color_scheme).toBe(1);
  });
});
