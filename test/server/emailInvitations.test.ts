import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFileOf } from '../../src-main/server/export/exportFolder';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 12's email invitations (POST /invites, DELETE /invites/{id},
// POST /invites/{id}/resend, and both kinds in GET /invites) on a host that
// sends no email: the invitee joins through Hearth's POST /hearth/join with
// the link GET /invites gives the inviter as `hearth_link_url`.

// Zulip's system groups, by the IDs the host gives them.
const administrators = 2;
const members = 5;

interface Listed {
  id: number;
  email?: string;
  is_multiuse: boolean;
  hearth_link_url?: string;
  link_url?: string;
  notify_referrer_on_join?: boolean;
  invited: number;
}

describe('email invitations', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let kitchenId: number;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    admin = await org.user('adam');
    await org.api(org.owner)('PATCH', `/users/${admin.id}`, { role: 200 });
    await org.subscribe(alice, 'kitchen');
    kitchenId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'kitchen' })).json
      .stream_id as number;
  });
  afterAll(() => org.close());

  const invite = (user: TestUser, params: Record<string, unknown>) =>
    org.api(user)('POST', '/invites', { stream_ids: [], ...params });
  const listed = async (user: TestUser) =>
    (await org.api(user)('GET', '/invites')).json.invites as Listed[];
  const emailInvite = async (user: TestUser, email: string) => {
    const found = (await listed(user)).find((entry) => entry.email === email);
    if (!found) throw new Error(`no invitation for ${email}`);
    return found;
  };
  const keyOf = (link: string | undefined) => /\/join\/([a-z0-9]+)\/$/.exec(link ?? '')?.[1] ?? '';
  const join = (key: string, email: string, fullName = 'New Person') =>
    org.api()('POST', '/hearth/join', {
      key,
      email,
      full_name: fullName,
      password: 'a fine password',
    });
  const register = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { event_types: ['invites_changed'] })).json
      .queue_id as string;
  const eventTypes = async (user: TestUser, queueId: string) =>
    (
      (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
        .events as { type: string }[]
    ).map((event) => event.type);

  it('lets a member invite addresses, listed with their fields to the inviter and administrators', async () => {
    const aliceQueue = await register(alice);
    const adminQueue = await register(admin);
    const bobQueue = await register(bob);
    const before = Math.floor(Date.now() / 1000);
    const sent = await invite(alice, {
      invitee_emails: 'Cora Smith <cora@example.com>\ndan@example.com, ',
      stream_ids: [kitchenId],
      invite_expires_in_minutes: 60,
    });
    expect(sent.json).toEqual({ result: 'success', msg: '' });
    expect(await eventTypes(alice, aliceQueue)).toEqual(['invites_changed']);
    expect(await eventTypes(admin, adminQueue)).toEqual(['invites_changed']);
    expect(await eventTypes(bob, bobQueue)).toEqual([]);

    const cora = await emailInvite(alice, 'cora@example.com');
    expect(cora).toEqual({
      id: expect.any(Number),
      email: 'cora@example.com',
      invited_by_user_id: alice.id,
      invited: expect.any(Number),
      expiry_date: cora.invited + 3600,
      invited_as: 400,
      is_multiuse: false,
      notify_referrer_on_join: true,
      hearth_link_url: expect.stringMatching(new RegExp(`^${org.url}/join/[a-z0-9]{24}/$`)),
    });
    expect(cora.invited).toBeGreaterThanOrEqual(before);
    expect((await listed(admin)).map((entry) => entry.email)).toEqual(
      expect.arrayContaining(['cora@example.com', 'dan@example.com']),
    );
    expect(await listed(bob)).toEqual([]);
  });

  it('stores notify_referrer_on_join (feature level 267) and the welcome text (416), across a restart', async () => {
    const sent = await invite(admin, {
      invitee_emails: 'erin@example.com',
      notify_referrer_on_join: false,
      welcome_message_custom_text: 'Welcome to the kitchen!',
      invite_expires_in_minutes: null,
    });
    expect(sent.json.result).toBe('success');
    await org.restart();
    const erin = await emailInvite(admin, 'erin@example.com');
    expect(erin).toMatchObject({ notify_referrer_on_join: false, expiry_date: null });
    const db = new Database(databaseFileOf(org.dataDir), { readonly: true });
    try {
      expect(
        db
          .prepare('SELECT welcome_message_custom_text FROM invites WHERE id = ?')
          .pluck()
          .get(erin.id),
      ).toBe('Welcome to the kitchen!');
    } finally {
      db.close();
    }
  });

  it('lets the invitee join by the link with the invited address only, once', async () => {
    await invite(bob, { invitee_emails: 'fay@example.com' });
    const fay = await emailInvite(bob, 'fay@example.com');
    const aliceSecond = await invite(alice, {
      invitee_emails: 'FAY@example.com',
      stream_ids: [kitchenId],
    });
    expect(aliceSecond.json.result).toBe('success');
    const key = keyOf(fay.hearth_link_url);

    const wrong = await join(key, 'someone@example.com');
    expect(wrong.json).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'This invitation is for another email address.',
    });
    const bobQueue = await register(bob);
    const joined = await join(key, 'Fay@Example.com', 'Fay');
    expect(joined.json).toMatchObject({ result: 'success', user_id: expect.any(Number) });
    expect(await eventTypes(bob, bobQueue)).toEqual(['invites_changed']);
    const person = await org.api(alice)('GET', `/users/${joined.json.user_id}`);
    expect(person.json.user).toMatchObject({ full_name: 'Fay', role: 400 });

    // Used up, and Alice's invitation of the same address no longer works either.
    expect(
      (await listed(admin)).filter((entry) => entry.email?.toLowerCase() === 'fay@example.com'),
    ).toEqual([]);
    expect((await join(key, 'fay2@example.com')).json.msg).toBe(
      'This invitation link has expired or been revoked.',
    );
    const gone = await org.api(bob)('POST', `/invites/${fay.id}/resend`);
    expect(gone.json).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such invitation' });
  });

  it('has Notification Bot tell the inviter of the join, and Welcome Bot greet with the invitation’s text', async () => {
    const fromBot = async (user: TestUser, botEmail: string) =>
      (
        await org.api(user)('GET', '/messages', {
          anchor: 'newest',
          num_before: 20,
          num_after: 0,
          narrow: [{ operator: 'sender', operand: botEmail }],
          apply_markdown: false,
        })
      ).json.messages as { content: string }[];
    await invite(org.owner, {
      invitee_emails: 'joe@example.com',
      welcome_message_custom_text: 'The kettle is by the window.',
    });
    await invite(org.owner, { invitee_emails: 'una@example.com', notify_referrer_on_join: false });
    const before = (await fromBot(org.owner, 'notification-bot@zulip.com')).length;

    const joe = await join(
      keyOf((await emailInvite(org.owner, 'joe@example.com')).hearth_link_url),
      'joe@example.com',
      'Joe',
    );
    const told = await fromBot(org.owner, 'notification-bot@zulip.com');
    expect(told).toHaveLength(before + 1);
    expect(told.at(-1)?.content).toBe(
      `@_**Joe|${joe.json.user_id}** accepted your invitation to join Zulip!`,
    );
    const newcomer = {
      id: joe.json.user_id,
      email: 'joe@example.com',
      apiKey: joe.json.api_key,
    } as TestUser;
    const greeted = await fromBot(newcomer, 'welcome-bot@zulip.com');
    expect(greeted.at(-1)?.content).toBe('The kettle is by the window.');

    await join(
      keyOf((await emailInvite(org.owner, 'una@example.com')).hearth_link_url),
      'una@example.com',
      'Una',
    );
    expect(await fromBot(org.owner, 'notification-bot@zulip.com')).toHaveLength(before + 1);
  });

  it('gives the newcomer the role, channels and groups of the invitation', async () => {
    const group = await org.api(org.owner)('POST', '/user_groups/create', {
      name: 'cooks',
      description: 'They cook',
      members: [],
    });
    expect(group.json.result).toBe('success');
    const groupId = group.json.group_id as number;
    await invite(org.owner, {
      invitee_emails: 'gil@example.com',
      invite_as: 300,
      stream_ids: [kitchenId],
      group_ids: [groupId],
    });
    const gil = await emailInvite(org.owner, 'gil@example.com');
    const joined = await join(keyOf(gil.hearth_link_url), 'gil@example.com', 'Gil');
    expect(joined.json.result).toBe('success');
    const newcomer = {
      id: joined.json.user_id,
      email: 'gil@example.com',
      apiKey: joined.json.api_key,
    } as TestUser;
    const subscriptions = (await org.api(newcomer)('GET', '/users/me/subscriptions')).json
      .subscriptions as { name: string }[];
    expect(subscriptions.map((sub) => sub.name)).toEqual(['kitchen']);
    expect((await org.api(alice)('GET', `/users/${newcomer.id}`)).json.user.role).toBe(300);
    const members = (await org.api(alice)('GET', `/user_groups/${groupId}/members`)).json.members;
    expect(members).toEqual([newcomer.id]);
  });

  it('refuses in Zulip’s words, and stores nothing', async () => {
    const guest = await org.user('gus');
    await org.api(org.owner)('PATCH', `/users/${guest.id}`, { role: 600 });
    const count = (await listed(admin)).length;
    const cases: [TestUser, Record<string, unknown>, Record<string, unknown>][] = [
      [guest, { invitee_emails: 'x@example.com' }, { msg: 'Not allowed for guest users' }],
      [
        alice,
        { invitee_emails: 'x@example.com', invite_as: 200 },
        { msg: 'Must be an organization administrator', code: 'BAD_REQUEST' },
      ],
      [
        alice,
        { invitee_emails: 'x@example.com', invite_as: 300 },
        { msg: 'Must be an organization administrator' },
      ],
      [
        admin,
        { invitee_emails: 'x@example.com', invite_as: 100 },
        { msg: 'Must be an organization owner', code: 'UNAUTHORIZED_PRINCIPAL' },
      ],
      [
        alice,
        { invitee_emails: 'x@example.com', invite_as: 250 },
        { msg: 'Invalid invite_as: Value error, Not in the list of possible values' },
      ],
      [alice, { invitee_emails: '' }, { msg: 'You must specify at least one email address.' }],
      [
        alice,
        { invitee_emails: 'x@example.com', stream_ids: [99999] },
        { msg: 'Invalid channel ID 99999. No invites were sent.' },
      ],
      [
        alice,
        { invitee_emails: 'x@example.com', group_ids: [99999] },
        { msg: 'Invalid user group' },
      ],
      [
        alice,
        { invitee_emails: 'x@example.com', welcome_message_custom_text: 'Hi' },
        { msg: 'Must be an organization administrator' },
      ],
      [
        admin,
        { invitee_emails: 'x@example.com', welcome_message_custom_text: 'x'.repeat(8001) },
        { msg: 'welcome_message_custom_text is too long (limit: 8000 characters)' },
      ],
      [
        alice,
        { invitee_emails: 'x@example.com', invite_expires_in_minutes: 0 },
        { var_name: 'invite_expires_in_minutes' },
      ],
    ];
    for (const [who, params, error] of cases) {
      const response = await invite(who, params);
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(response.json, JSON.stringify(params)).toMatchObject({ result: 'error', ...error });
    }
    const missing = await org.api(alice)('POST', '/invites', { invitee_emails: 'x@example.com' });
    expect(missing.json).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'stream_ids',
    });
    expect((await listed(admin)).length).toBe(count);
  });

  it('refuses everyone when an address is not one, saying which (INVITATION_FAILED)', async () => {
    const count = (await listed(admin)).length;
    const response = await invite(alice, {
      invitee_emails: 'hal@example.com, not-an-address, bob@hearth.test',
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      result: 'error',
      code: 'INVITATION_FAILED',
      msg: "Some emails did not validate, so we didn't send any invitations.",
      errors: [
        ['not-an-address', 'Invalid address.', false],
        ['bob@hearth.test', 'Already has an account.', false],
      ],
      sent_invitations: false,
      license_limit_reached: false,
      daily_limit_reached: false,
    });
    expect((await listed(admin)).length).toBe(count);
  });

  it('passes over addresses already in the organization, and invites the rest', async () => {
    const gone = await org.user('gone');
    await org.api(org.owner)('DELETE', `/users/${gone.id}`);
    const nobody = await invite(alice, { invitee_emails: 'bob@hearth.test' });
    expect(nobody.json).toMatchObject({
      code: 'INVITATION_FAILED',
      msg: "We weren't able to invite anyone.",
      errors: [['bob@hearth.test', 'Already has an account.', false]],
      sent_invitations: false,
    });
    const some = await invite(alice, {
      invitee_emails: 'BOB@hearth.test, gone@hearth.test, ida@example.com',
    });
    expect(some.json).toEqual({
      result: 'error',
      code: 'INVITATION_FAILED',
      msg: "Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!",
      errors: [
        ['BOB@hearth.test', 'Already has an account.', false],
        ['gone@hearth.test', 'Account has been deactivated.', true],
      ],
      sent_invitations: true,
      license_limit_reached: false,
      daily_limit_reached: false,
    });
    const emails = (await listed(alice)).map((entry) => entry.email);
    expect(emails).toContain('ida@example.com');
    expect(emails).not.toContain('gone@hearth.test');
  });

  it('follows can_invite_users_group', async () => {
    const patch = (value: unknown) =>
      org.api(org.owner)('PATCH', '/realm', { can_invite_users_group: { new: value } });
    expect((await patch(administrators)).json.result).toBe('success');
    const refused = await invite(alice, { invitee_emails: 'jo@example.com' });
    expect(refused.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    expect((await patch({ direct_members: [alice.id], direct_subgroups: [] })).json.result).toBe(
      'success',
    );
    expect((await invite(alice, { invitee_emails: 'jo@example.com' })).json.result).toBe('success');
    expect((await invite(bob, { invitee_emails: 'jo2@example.com' })).json.msg).toBe(
      'Insufficient permission',
    );
    expect((await patch(members)).json.result).toBe('success');
  });

  it('revokes and resends for the inviter, administrators, and owners alone for owners', async () => {
    await invite(alice, { invitee_emails: 'kay@example.com' });
    await invite(org.owner, { invitee_emails: 'liz@example.com', invite_as: 100 });
    const kay = await emailInvite(alice, 'kay@example.com');
    const liz = await emailInvite(org.owner, 'liz@example.com');

    const resent = await org.api(alice)('POST', `/invites/${kay.id}/resend`);
    expect(resent.json).toEqual({ result: 'success', msg: '' });
    expect(await emailInvite(alice, 'kay@example.com')).toEqual(kay);
    expect((await org.api(bob)('POST', `/invites/${kay.id}/resend`)).json).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Must be an organization administrator',
    });
    expect((await org.api(bob)('DELETE', `/invites/${kay.id}`)).json.msg).toBe(
      'Must be an organization administrator',
    );
    expect((await org.api(admin)('DELETE', `/invites/${liz.id}`)).json).toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization owner',
    });
    expect((await org.api(admin)('POST', `/invites/${liz.id}/resend`)).json.msg).toBe(
      'Must be an organization owner',
    );

    const aliceQueue = await register(alice);
    expect((await org.api(admin)('DELETE', `/invites/${kay.id}`)).json).toEqual({
      result: 'success',
      msg: '',
    });
    expect(await eventTypes(alice, aliceQueue)).toEqual(['invites_changed']);
    expect((await listed(alice)).map((entry) => entry.email)).not.toContain('kay@example.com');
    expect((await join(keyOf(kay.hearth_link_url), 'kay@example.com')).json.msg).toBe(
      'This invitation link has expired or been revoked.',
    );
    for (const [method, path] of [
      ['DELETE', `/invites/${kay.id}`],
      ['POST', `/invites/${kay.id}/resend`],
      ['DELETE', '/invites/99999'],
    ] as const) {
      expect((await org.api(admin)(method, path)).json).toEqual({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'No such invitation',
      });
    }
    expect((await org.api(org.owner)('DELETE', `/invites/${liz.id}`)).json.result).toBe('success');
  });

  it('keeps the two kinds apart: a link is no email invitation, nor the other way round', async () => {
    const link = (await org.api(admin)('POST', '/invites/multiuse', {})).json.invite_link as string;
    await invite(admin, { invitee_emails: 'max@example.com' });
    const entries = await listed(admin);
    const linkId = entries.find((entry) => entry.link_url === link)?.id;
    const max = await emailInvite(admin, 'max@example.com');
    expect(entries.findIndex((entry) => entry.is_multiuse)).toBeGreaterThan(
      entries.findIndex((entry) => entry.email === 'max@example.com'),
    );
    expect((await org.api(admin)('DELETE', `/invites/${linkId}`)).json.msg).toBe(
      'No such invitation',
    );
    expect((await org.api(admin)('DELETE', `/invites/multiuse/${max.id}`)).json.msg).toBe(
      'No such invitation',
    );
  });

  it("stops a deactivated inviter's email invitations, as their links", async () => {
    const leaver = await org.user('leaver');
    await invite(leaver, { invitee_emails: 'ned@example.com' });
    const ned = await emailInvite(leaver, 'ned@example.com');
    await org.api(org.owner)('DELETE', `/users/${leaver.id}`);
    expect((await listed(admin)).map((entry) => entry.email)).not.toContain('ned@example.com');
    expect((await join(keyOf(ned.hearth_link_url), 'ned@example.com')).json.msg).toBe(
      'This invitation link has expired or been revoked.',
    );
  });

  it('stops the email invitations of an address an administrator gives an account by POST /users', async () => {
    await invite(alice, { invitee_emails: 'olga@example.com' });
    const olga = await emailInvite(alice, 'olga@example.com');
    const created = await org.api(org.owner)('POST', '/users', {
      email: 'olga@example.com',
      full_name: 'Olga',
      password: 'another fine password',
    });
    expect(created.status).toBe(200);
    expect((await listed(admin)).map((entry) => entry.email)).not.toContain('olga@example.com');
    expect((await join(keyOf(olga.hearth_link_url), 'olga@example.com')).json.msg).toBe(
      'This invitation link has expired or been revoked.',
    );
  });

  it('takes welcome_message_custom_text on a link from administrators only (feature level 416)', async () => {
    const made = await org.api(admin)('POST', '/invites/multiuse', {
      welcome_message_custom_text: 'Hello, link joiner',
    });
    expect(made.json.result).toBe('success');
    await org.api(org.owner)('PATCH', '/realm', {
      create_multiuse_invite_group: { new: { direct_members: [alice.id], direct_subgroups: [] } },
    });
    const refused = await org.api(alice)('POST', '/invites/multiuse', {
      welcome_message_custom_text: 'Hello',
    });
    expect(refused.json).toMatchObject({ msg: 'Must be an organization administrator' });
    expect((await org.api(alice)('POST', '/invites/multiuse', {})).json.result).toBe('success');
  });
});
