import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip's onboarding steps: hotspots renamed (feature level 233), one-time
// notices only since feature level 259, with one one-time action beside them.
// The host, like a Zulip server with no navigation tour video, offers none.

const notices = [
  'intro_inbox_view_modal',
  'intro_recent_view_modal',
  'first_stream_created_banner',
  'jump_to_conversation_banner',
  'non_interleaved_view_messages_fading',
  'interleaved_view_messages_fading',
  'intro_resolve_topic',
].map((name) => ({ type: 'one_time_notice', name }));
const actions = [{ type: 'one_time_action', name: 'narrow_to_dm_with_welcome_bot_new_user' }];

describe('onboarding steps', () => {
  let org: Org;
  let alice: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
  });
  afterAll(() => org.close());

  const register = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { event_types: ['onboarding_steps'] })).json;
  const mark = (user: TestUser, step: string) =>
    org.api(user)('POST', '/users/me/onboarding_steps', { onboarding_step: step });

  it('offers a newcomer every step but the visibility banner, which is for those who knew Zulip before', async () => {
    const state = await register(alice);
    expect(state.onboarding_steps).toEqual([...notices, ...actions]);
    expect(state.navigation_tour_video_url).toBeNull();
    expect(state).not.toHaveProperty('hotspots');
  });

  it("marks a step as read and tells the user's clients the steps that remain", async () => {
    const { queue_id } = await register(alice);
    expect((await mark(alice, 'intro_inbox_view_modal')).json).toEqual({
      result: 'success',
      msg: '',
    });
    // Marking it again changes nothing, and says so as Zulip does: once more.
    expect((await mark(alice, 'intro_inbox_view_modal')).status).toBe(200);
    const remaining = [...notices.slice(1), ...actions];
    const { events } = (await org.api(alice)('GET', '/events', { queue_id, dont_block: true }))
      .json as { events: Record<string, unknown>[] };
    expect(events.map(({ id: _id, ...event }) => event)).toEqual([
      { type: 'onboarding_steps', onboarding_steps: remaining },
      { type: 'onboarding_steps', onboarding_steps: remaining },
    ]);
    expect((await register(alice)).onboarding_steps).toEqual(remaining);
    expect((await register(org.owner)).onboarding_steps).toEqual([...notices, ...actions]);
  });

  it('refuses a step Zulip does not know, and a hotspot of Zulip 7.0', async () => {
    for (const step of ['no_such_step', 'intro_streams']) {
      const response = await mark(alice, step);
      expect(response.status).toBe(400);
      expect(response.json).toEqual({
        result: 'error',
        msg: `Unknown onboarding_step: ${step}`,
        code: 'BAD_REQUEST',
      });
    }
  });

  it('refuses bots, as Zulip does', async () => {
    const created = await org.api(org.owner)('POST', '/bots', {
      full_name: 'Helper',
      short_name: 'helper',
    });
    const bot = {
      id: created.json.user_id as number,
      email: 'helper-bot@hearth.local',
      fullName: 'Helper',
      apiKey: created.json.api_key as string,
    };
    const response = await mark(bot, 'intro_resolve_topic');
    expect(response.json).toEqual({
      result: 'error',
      msg: 'This endpoint does not accept bot requests.',
      code: 'BAD_REQUEST',
    });
  });

  it('keeps what was read across a restart', async () => {
    await org.restart();
    expect((await register(alice)).onboarding_steps).toEqual([...notices.slice(1), ...actions]);
  });
});
