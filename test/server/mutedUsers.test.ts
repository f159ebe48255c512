import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedEvents, registerQueue } from '../helpers/eventQueue';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0's muted users: POST and DELETE /users/me/muted_users/{id}, the
// muted_users event and register state, and what muting does to messages:
// the muted sender's messages are read for the muter, old and new.

describe('muted users', () => {
  let org: Org;
  let hamlet: TestUser;
  let cordelia: TestUser;
  let othello: TestUser;
  let iago: TestUser;

  const mutes = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { fetch_event_types: ['muted_users'] })).json
      .muted_users as { id: number; timestamp: number }[];
  const mutedIds = async (user: TestUser) => (await mutes(user)).map((mute) => mute.id);
  const mute = (user: TestUser, id: number) => org.api(user)('POST', `/users/me/muted_users/${id}`);
  const unmute = (user: TestUser, id: number) =>
    org.api(user)('DELETE', `/users/me/muted_users/${id}`);
  const flagsOf = async (user: TestUser, id: number) =>
    ((await org.api(user)('GET', `/messages/${id}`)).json.message as { flags: string[] }).flags;
  const sendDirect = async (from: TestUser, to: TestUser[], content: string) =>
    (
      await org.api(from)('POST', '/messages', {
        type: 'private',
        to: JSON.stringify(to.map((user) => user.id)),
        content,
      })
    ).json.id as number;
  const unreadIds = async (user: TestUser) => {
    const unread = (
      await org.api(user)('POST', '/register', {
        fetch_event_types: ['message', 'update_message_flags'],
      })
    ).json.unread_msgs as {
      streams: { unread_message_ids: number[] }[];
      pms: { unread_message_ids: number[] }[];
      huddles: { unread_message_ids: number[] }[];
    };
    return [...unread.streams, ...unread.pms, ...unread.huddles]
      .flatMap((entry) => entry.unread_message_ids)
      .sort((a, b) => a - b);
  };

  beforeAll(async () => {
    org = await startOrg();
    hamlet = await org.user('hamlet');
    cordelia = await org.user('cordelia');
    othello = await org.user('othello');
    iago = await org.user('iago');
    for (const user of [hamlet, cordelia, othello]) await org.subscribe(user, 'general');
  });
  afterAll(() => org?.close());

  it('mutes a user, who register lists with the time of muting, and unmutes them', async () => {
    expect(await mutes(hamlet)).toEqual([]);
    const muted = await mute(hamlet, cordelia.id);
    expect(muted.status).toBe(200);
    expect(muted.json).toEqual({ result: 'success', msg: '' });
    const [entry, ...rest] = await mutes(hamlet);
    expect(rest).toEqual([]);
    expect(entry?.id).toBe(cordelia.id);
    expect(Number.isInteger(entry?.timestamp)).toBe(true);
    expect(await mutes(cordelia)).toEqual([]);

    const unmuted = await unmute(hamlet, cordelia.id);
    expect(unmuted.json).toEqual({ result: 'success', msg: '' });
    expect(await mutes(hamlet)).toEqual([]);
  });

  it('lists the muted in the order they were muted', async () => {
    await mute(othello, iago.id);
    await mute(othello, hamlet.id);
    expect(await mutedIds(othello)).toEqual([iago.id, hamlet.id]);
    await unmute(othello, iago.id);
    await unmute(othello, hamlet.id);
  });

  it.each([
    ['oneself', () => hamlet.id, 'Cannot mute self'],
    ['someone who does not exist', () => 999_999, 'No such user'],
  ])('refuses to mute %s with Zulip’s words', async (_what, id, msg) => {
    const refused = await mute(hamlet, id());
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
    expect(await mutes(hamlet)).toEqual([]);
  });

  it('refuses to mute twice, or to unmute someone not muted', async () => {
    await mute(hamlet, othello.id);
    expect((await mute(hamlet, othello.id)).json).toEqual({
      result: 'error',
      msg: 'User already muted',
      code: 'BAD_REQUEST',
    });
    expect(await mutedIds(hamlet)).toEqual([othello.id]);
    await unmute(hamlet, othello.id);
    const refused = await unmute(hamlet, othello.id);
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      result: 'error',
      msg: 'User is not muted',
      code: 'BAD_REQUEST',
    });
    expect((await unmute(hamlet, 999_999)).json.msg).toBe('No such user');
  });

  it('mutes and unmutes a bot, and a deactivated user', async () => {
    const bot = (
      await org.api(hamlet)('POST', '/bots', { full_name: 'Ham Bot', short_name: 'ham' })
    ).json.user_id as number;
    const leaver = await org.user('leaver');
    expect((await org.api(org.owner)('DELETE', `/users/${leaver.id}`)).status).toBe(200);
    expect((await mute(cordelia, bot)).json.result).toBe('success');
    expect((await mute(cordelia, leaver.id)).json.result).toBe('success');
    expect(await mutedIds(cordelia)).toEqual([bot, leaver.id]);
    expect((await unmute(cordelia, bot)).json.result).toBe('success');
    expect((await unmute(cordelia, leaver.id)).json.result).toBe('success');
  });

  it('marks read what the muted user sent before, tells the muter alone, and keeps it read after unmuting', async () => {
    const inStream = await org.sendStream(cordelia, 'general', 'spam', 'Spam in a stream');
    const inGroup = await sendDirect(cordelia, [hamlet, othello], 'Spam to a group');
    const toHamlet = await sendDirect(cordelia, [hamlet], 'Spam to Hamlet');
    const fromOthello = await sendDirect(othello, [hamlet], 'Not spam');
    const hamletQueue = await registerQueue(org, hamlet);
    const othelloQueue = await registerQueue(org, othello);

    await mute(hamlet, cordelia.id);

    for (const id of [inStream, inGroup, toHamlet])
      expect(await flagsOf(hamlet, id)).toContain('read');
    expect(await flagsOf(hamlet, fromOthello)).not.toContain('read');
    for (const id of [inStream, inGroup]) expect(await flagsOf(othello, id)).not.toContain('read');
    expect(await unreadIds(hamlet)).toEqual([fromOthello]);

    const events = await queuedEvents(org, hamlet, hamletQueue);
    expect(events.map((event) => event.type)).toEqual(['update_message_flags', 'muted_users']);
    expect(events[0]).toMatchObject({
      op: 'add',
      operation: 'add',
      flag: 'read',
      all: false,
      messages: [inStream, inGroup, toHamlet],
    });
    expect(events[1]).toEqual({
      id: 1,
      type: 'muted_users',
      muted_users: [{ id: cordelia.id, timestamp: expect.any(Number) }],
    });
    expect(await queuedEvents(org, othello, othelloQueue)).toEqual([]);

    await unmute(hamlet, cordelia.id);
    expect(await flagsOf(hamlet, toHamlet)).toContain('read');
  });

  it('delivers what a muted user sends already read to the muter, and unread to everyone else', async () => {
    await mute(hamlet, cordelia.id);
    const hamletQueue = await registerQueue(org, hamlet, { event_types: ['message'] });
    const inStream = await org.sendStream(cordelia, 'general', 'spam', 'More spam, @**hamlet**');
    const inGroup = await sendDirect(cordelia, [hamlet, othello], 'More group spam');
    const toHamlet = await sendDirect(cordelia, [hamlet], 'More spam to Hamlet');
    const before = await unreadIds(hamlet);

    for (const id of [inStream, inGroup, toHamlet])
      expect(await flagsOf(hamlet, id)).toContain('read');
    expect(await flagsOf(hamlet, inStream)).toContain('mentioned');
    for (const id of [inStream, inGroup]) expect(await flagsOf(othello, id)).not.toContain('read');
    expect(before).not.toContain(toHamlet);
    const arrived = (await queuedEvents(org, hamlet, hamletQueue)) as {
      type: string;
      flags: string[];
    }[];
    expect(arrived.map((event) => event.flags.includes('read'))).toEqual([true, true, true]);

    await unmute(hamlet, cordelia.id);
    const after = await sendDirect(cordelia, [hamlet], 'Unmuted again');
    expect(await flagsOf(hamlet, after)).not.toContain('read');
  });

  it('keeps the muted users across a restart of the host', async () => {
    await mute(iago, othello.id);
    await org.restart();
    expect(await mutedIds(iago)).toEqual([othello.id]);
  });
});
