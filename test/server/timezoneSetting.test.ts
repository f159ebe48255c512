import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0's timezone setting through PATCH /settings: a name the time-zone
// database knows, told to the user as a setting and to everyone as part of
// their profile, which scheduled messages' presets follow.

type Event = { id: number; type: string } & Record<string, unknown>;

describe('the time zone setting', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  const setZone = (user: TestUser, timezone: string) =>
    org.api(user)('PATCH', '/settings', { timezone });
  const queueOf = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', {})).json.queue_id as string;
  const eventsOf = async (user: TestUser, queueId: string) =>
    (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
      .events as Event[];
  const registered = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', {})).json as {
      user_settings: { timezone: string };
      realm_users: { user_id: number; timezone: string }[];
    };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
  });
  afterAll(() => org.close());

  it('starts empty, then keeps the zone chosen, in settings and in profiles, after a restart', async () => {
    expect((await registered(alice)).user_settings.timezone).toBe('');
    expect((await setZone(alice, 'Pacific/Auckland')).status).toBe(200);
    await org.restart();
    const mine = await registered(alice);
    expect(mine.user_settings.timezone).toBe('Pacific/Auckland');
    expect(mine).not.toHaveProperty('timezone');
    const seen = (await registered(bob)).realm_users.find((user) => user.user_id === alice.id);
    expect(seen?.timezone).toBe('Pacific/Auckland');
  });

  it('tells the user by user_settings alone, and everyone by realm_user', async () => {
    const [aliceQueue, bobQueue] = [await queueOf(alice), await queueOf(bob)];
    expect((await setZone(alice, 'America/Sao_Paulo')).status).toBe(200);
    const own = await eventsOf(alice, aliceQueue);
    expect(own).toContainEqual(
      expect.objectContaining({
        type: 'user_settings',
        op: 'update',
        property: 'timezone',
        value: 'America/Sao_Paulo',
      }),
    );
    expect(own.map((event) => event.type)).not.toContain('update_display_settings');
    expect(await eventsOf(bob, bobQueue)).toContainEqual(
      expect.objectContaining({
        type: 'realm_user',
        op: 'update',
        person: { email: alice.email, user_id: alice.id, timezone: 'America/Sao_Paulo' },
      }),
    );
  });

  it('takes an alias the database knows, and announces nothing when the zone is the same', async () => {
    expect((await setZone(bob, 'US/Eastern')).status).toBe(200);
    const queue = await queueOf(bob);
    expect((await setZone(bob, 'US/Eastern')).status).toBe(200);
    expect(await eventsOf(bob, queue)).toEqual([]);
  });

  it('refuses a name the database does not know, or none, changing nothing else', async () => {
    for (const timezone of ['Mars/Olympus_Mons', '', ' Europe/Berlin']) {
      const refused = await org.api(bob)('PATCH', '/settings', {
        timezone,
        twenty_four_hour_time: true,
      });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'timezone is not a recognized time zone',
      });
    }
    const after = await registered(bob);
    expect(after.user_settings.timezone).toBe('US/Eastern');
    expect(
      (after.user_settings as unknown as Record<string, unknown>)['twenty_four_hour_time'],
    ).toBe(false);
  });
});
