import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0's reusable invitation links (POST /invites/multiuse, GET /invites,
// DELETE /invites/multiuse/{id}) and Hearth's POST /hearth/join, which does
// with a link what Zulip's registration page does.

describe('invitation links', () => {
  let org: Org;
  let alice: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'design' }, { name: 'kitchen' }],
    });
  });
  afterAll(() => org.close());

  const streamId = async (name: string) =>
    (await org.api(org.owner)('GET', '/get_stream_id', { stream: name })).json.stream_id as number;
  const invite = (user: TestUser, params: Record<string, unknown> = {}) =>
    org.api(user)('POST', '/invites/multiuse', params);
  const keyOf = (link: string) => /\/join\/([a-z0-9]+)\/$/.exec(link)?.[1] ?? '';
  const join = (key: string, who: string, password = 'a fine password') =>
    org.api()('POST', '/hearth/join', {
      key,
      email: `${who}@hearth.test`,
      full_name: who[0]?.toUpperCase() + who.slice(1),
      password,
    });
  const subscribedNames = async (email: string, apiKey: string) =>
    (
      (await org.api({ email, apiKey } as TestUser)('GET', '/users/me/subscriptions')).json
        .subscriptions as { name: string }[]
    ).map((sub) => sub.name);

  it('gives an administrator a link that a newcomer joins by, in its streams and role', async () => {
    const queueId = (
      await org.api(org.owner)('POST', '/register', { event_types: ['invites_changed'] })
    ).json.queue_id as string;
    const created = await invite(org.owner, {
      invite_as: 600,
      stream_ids: [await streamId('kitchen')],
      invite_expires_in_minutes: 60,
    });
    expect(created.json).toEqual({
      result: 'success',
      msg: '',
      invite_link: expect.stringMatching(new RegExp(`^${org.url}/join/[a-z0-9]{24}/$`)),
    });
    const events = (
      await org.api(org.owner)('GET', '/events', { queue_id: queueId, dont_block: true })
    ).json.events as { type: string }[];
    expect(events.map((event) => event.type)).toEqual(['invites_changed']);

    const joined = await join(keyOf(created.json.invite_link), 'gina');
    expect(joined.json).toMatchObject({ result: 'success', email: 'gina@hearth.test' });
    const gina = await org.api(alice)('GET', `/users/${joined.json.user_id}`);
    expect(gina.json.user).toMatchObject({ full_name: 'Gina', role: 600, is_guest: true });
    expect(await subscribedNames('gina@hearth.test', joined.json.api_key)).toEqual(['kitchen']);
    const login = await org.api()('POST', '/fetch_api_key', {
      username: 'gina@hearth.test',
      password: 'a fine password',
    });
    expect(login.json.api_key).toBe(joined.json.api_key);
  });

  it('joins the default streams only when the link asks for them (feature level 261), and serves many', async () => {
    const { invite_link: link } = (await invite(org.owner, { invite_expires_in_minutes: null }))
      .json;
    const { invite_link: withDefaults } = (
      await invite(org.owner, { include_realm_default_subscriptions: true })
    ).json;
    const joins: [string, string, string[]][] = [
      [link, 'hal', []],
      [link, 'ivy', []],
      [withDefaults, 'jo', ['general']],
    ];
    for (const [invited, who, streams] of joins) {
      const joined = await join(keyOf(invited), who);
      expect(joined.json.result).toBe('success');
      expect(await subscribedNames(`${who}@hearth.test`, joined.json.api_key)).toEqual(streams);
    }
    const listed = (await org.api(org.owner)('GET', '/invites')).json.invites as {
      link_url: string;
      expiry_date: number | null;
      invited_as: number;
      is_multiuse: boolean;
    }[];
    expect(listed.find((entry) => entry.link_url === link)).toMatchObject({
      expiry_date: null,
      invited_as: 400,
      is_multiuse: true,
    });
  });

  it('refuses members, owner links from administrators, bad streams and bad expiries', async () => {
    const admin = await org.user('adam');
    await org.api(org.owner)('PATCH', `/users/${admin.id}`, { role: 200 });
    const cases: [TestUser, Record<string, unknown>, Record<string, unknown>][] = [
      [alice, {}, { code: 'BAD_REQUEST', msg: 'Insufficient permission' }],
      [
        admin,
        { invite_as: 100 },
        { code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner' },
      ],
      [org.owner, { invite_as: 250 }, { var_name: 'invite_as' }],
      [
        org.owner,
        { stream_ids: [99999] },
        { msg: 'Invalid channel ID 99999. No invites were sent.' },
      ],
      [org.owner, { invite_expires_in_minutes: 0 }, { var_name: 'invite_expires_in_minutes' }],
    ];
    for (const [who, params, error] of cases) {
      const response = await invite(who, params);
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(response.json, JSON.stringify(params)).toMatchObject({ result: 'error', ...error });
    }
  });

  it('stops a revoked link at once, and says so to a browser too', async () => {
    const { invite_link: link } = (await invite(org.owner)).json;
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Join an organization');
    const id = (
      (await org.api(org.owner)('GET', '/invites')).json.invites as {
        id: number;
        link_url: string;
      }[]
    ).find((entry) => entry.link_url === link)?.id;
    expect((await org.api(org.owner)('DELETE', `/invites/multiuse/${id}`)).json.result).toBe(
      'success',
    );
    const refused = await join(keyOf(link), 'jay');
    expect(refused.json).toMatchObject({
      result: 'error',
      msg: 'This invitation link has expired or been revoked.',
    });
    const gone = await fetch(link);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('expired or been revoked');
    const again = await org.api(org.owner)('DELETE', `/invites/multiuse/${id}`);
    expect(again.json.msg).toBe('Invitation has already been revoked');
    const missing = await org.api(org.owner)('DELETE', '/invites/multiuse/99999');
    expect(missing.json.msg).toBe('No such invitation');
  });

  it('refuses a taken email, a weak password or a bad name, and creates nobody', async () => {
    const { invite_link: link } = (await invite(org.owner)).json;
    const key = keyOf(link);
    const taken = await join(key, 'alice');
    expect(taken.json).toMatchObject({ msg: "Email 'alice@hearth.test' already in use" });
    expect((await join(key, 'kim', '12345')).json.msg).toBe(
      'The password must be at least 6 characters long.',
    );
    const badName = await org.api()('POST', '/hearth/join', {
      key,
      email: 'lou@hearth.test',
      full_name: 'Lou @ home',
      password: 'a fine password',
    });
    expect(badName.json.result).toBe('error');
    const users = (await org.api(alice)('GET', '/users')).json.members as { email: string }[];
    expect(users.map((user) => user.email)).not.toContain('kim@hearth.test');
    expect(users.map((user) => user.email)).not.toContain('lou@hearth.test');
    expect((await join('nosuchkey', 'max')).json.msg).toBe(
      'This invitation link has expired or been revoked.',
    );
  });

  it("stops a deactivated administrator's links", async () => {
    const admin = await org.user('ada');
    await org.api(org.owner)('PATCH', `/users/${admin.id}`, { role: 200 });
    const { invite_link: link } = (await invite(admin)).json;
    await org.api(org.owner)('DELETE', `/users/${admin.id}`);
    expect((await join(keyOf(link), 'ned')).json.msg).toBe(
      'This invitation link has expired or been revoked.',
    );
  });
});
