import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reaction, ReactionEvent } from '../../src-main/wire';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0's emoji reactions: POST and DELETE /messages/{id}/reactions, the
// reaction event to everyone who may see the message, and `reactions` on
// every message the service returns.

describe('emoji reactions', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  const react = (user: TestUser, id: number, emoji: Record<string, string>) =>
    org.api(user)('POST', `/messages/${id}/reactions`, emoji);
  const unreact = (user: TestUser, id: number, emoji: Record<string, string>) =>
    org.api(user)('DELETE', `/messages/${id}/reactions`, emoji);
  const reactionsOf = async (user: TestUser, id: number): Promise<Reaction[]> =>
    (await org.api(user)('GET', `/messages/${id}`)).json.message.reactions;
  const design = (content = 'react to me') => org.sendStream(alice, 'design', 'reactions', content);
  const summary = (reactions: Reaction[]) =>
    reactions.map((r) => [r.user_id, r.emoji_name, r.emoji_code, r.reaction_type]);

  const queueOf = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { event_types: ['reaction'] })).json
      .queue_id as string;
  const eventsIn = async (user: TestUser, queueId: string) =>
    (
      await org.api(user)('GET', '/events', {
        queue_id: queueId,
        last_event_id: -1,
        dont_block: true,
      })
    ).json.events as ReactionEvent[];

  const createStream = async (name: string, historyPublic: boolean) => {
    const made = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name }],
      invite_only: true,
      history_public_to_subscribers: historyPublic,
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
  };
  const addToStream = (stream: string, user: TestUser) =>
    org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: stream }],
      principals: [user.email],
    });

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
  });
  afterAll(() => org?.close());

  it("adds a reaction by name, in Zulip 12's shape: the reactor by user_id alone (feature level 328)", async () => {
    const id = await design();
    expect((await react(bob, id, { emoji_name: 'tada' })).json).toEqual({
      result: 'success',
      msg: '',
    });
    expect(await reactionsOf(alice, id)).toEqual([
      {
        emoji_name: 'tada',
        emoji_code: '1f389',
        reaction_type: 'unicode_emoji',
        user_id: bob.id,
      },
    ]);
  });

  it('adds by code, keeps an alias as named, and lists reactions in the order they came', async () => {
    const id = await design();
    await react(alice, id, { emoji_name: 'octopus', emoji_code: '1f419' });
    await react(bob, id, { emoji_name: 'thumbs_up' });
    await react(bob, id, {
      emoji_name: 'red_heart',
      emoji_code: '2764',
      reaction_type: 'unicode_emoji',
    });
    await react(alice, id, { emoji_name: 'zulip' });
    expect(summary(await reactionsOf(bob, id))).toEqual([
      [alice.id, 'octopus', '1f419', 'unicode_emoji'],
      [bob.id, 'thumbs_up', '1f44d', 'unicode_emoji'],
      [bob.id, 'red_heart', '2764', 'unicode_emoji'],
      [alice.id, 'zulip', 'zulip', 'zulip_extra_emoji'],
    ]);
  });

  it('gives a second reactor with the same emoji the name the first one used, as Zulip does', async () => {
    const id = await design();
    await react(alice, id, { emoji_name: 'thumbs_up' });
    await react(bob, id, { emoji_name: '+1' });
    expect(summary(await reactionsOf(alice, id))).toEqual([
      [alice.id, 'thumbs_up', '1f44d', 'unicode_emoji'],
      [bob.id, 'thumbs_up', '1f44d', 'unicode_emoji'],
    ]);
  });

  it("accepts a Zulip client's name that Hearth's table lacks, by its code", async () => {
    const id = await design();
    const added = await react(bob, id, {
      emoji_name: 'slight_smile',
      emoji_code: '1f642',
      reaction_type: 'unicode_emoji',
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    expect(summary(await reactionsOf(alice, id))).toEqual([
      [bob.id, 'slight_smile', '1f642', 'unicode_emoji'],
    ]);
    expect((await unreact(bob, id, { emoji_code: '1f642' })).status).toBe(200);
    expect(await reactionsOf(alice, id)).toEqual([]);
  });

  it('takes a reaction back by name or by code', async () => {
    const id = await design();
    await react(bob, id, { emoji_name: 'tada' });
    await react(bob, id, { emoji_name: 'zulip' });
    await react(bob, id, { emoji_name: 'octopus' });
    expect((await unreact(bob, id, { emoji_name: 'party_popper' })).status).toBe(200);
    const byCode = { emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' };
    expect((await unreact(bob, id, byCode)).status).toBe(200);
    expect(summary(await reactionsOf(alice, id))).toEqual([
      [bob.id, 'octopus', '1f419', 'unicode_emoji'],
    ]);
  });

  it.each([
    [{ emoji_name: 'no_such_emoji' }, "Emoji 'no_such_emoji' does not exist"],
    [{ emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'sticker' }, 'Invalid emoji type.'],
    [{ emoji_name: 'tada', emoji_code: 'fffff' }, 'Invalid emoji code.'],
    [{ emoji_name: 'octopus', emoji_code: '1f389' }, 'Invalid emoji name.'],
    [{ emoji_name: 'Party Time', emoji_code: '1f389' }, 'Invalid emoji name.'],
    [
      { emoji_name: 'tada', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' },
      'Invalid emoji name.',
    ],
    [
      { emoji_name: 'zulip', emoji_code: '1f389', reaction_type: 'zulip_extra_emoji' },
      'Invalid emoji code.',
    ],
    [
      { emoji_name: 'parrot', emoji_code: '999999', reaction_type: 'realm_emoji' },
      'Invalid custom emoji.',
    ],
  ])("refuses %j with 400 and Zulip's words, adding nothing", async (emoji, msg) => {
    const id = await design();
    const refused = await react(bob, id, emoji);
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
    expect(await reactionsOf(bob, id)).toEqual([]);
  });

  it('refuses a reaction twice, and taking back one not made, with their codes', async () => {
    const id = await design();
    await react(bob, id, { emoji_name: 'tada' });
    const twice = await react(bob, id, { emoji_name: 'party_popper' });
    expect(twice.status).toBe(400);
    expect(twice.json).toMatchObject({
      msg: 'Reaction already exists.',
      code: 'REACTION_ALREADY_EXISTS',
    });
    const notMade = await unreact(alice, id, { emoji_name: 'tada' });
    expect(notMade.status).toBe(400);
    expect(notMade.json).toMatchObject({
      msg: "Reaction doesn't exist.",
      code: 'REACTION_DOES_NOT_EXIST',
    });
    // Without a reaction_type, removal looks among Unicode emoji, as Zulip's does.
    await react(bob, id, { emoji_name: 'zulip' });
    expect((await unreact(bob, id, { emoji_name: 'zulip' })).json.code).toBe(
      'REACTION_DOES_NOT_EXIST',
    );
    expect(summary(await reactionsOf(bob, id))).toEqual([
      [bob.id, 'tada', '1f389', 'unicode_emoji'],
      [bob.id, 'zulip', 'zulip', 'zulip_extra_emoji'],
    ]);
  });

  it('names what is missing: emoji_name to add, a name or code to take back', async () => {
    const id = await design();
    const missing = await react(bob, id, {});
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'emoji_name',
    });
    const neither = await unreact(bob, id, {});
    expect(neither.status).toBe(400);
    expect(neither.json).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'At least one of the following arguments must be present: emoji_name, emoji_code',
    });
    const unknown = await unreact(bob, id, { emoji_name: 'no_such_emoji' });
    expect(unknown.json.msg).toBe("Emoji 'no_such_emoji' does not exist");
  });

  it('refuses a message the user may not read as Invalid message(s), as one that does not exist', async () => {
    await createStream('secret', true);
    const hidden = await org.sendStream(alice, 'secret', 'plans', 'for subscribers');
    for (const attempt of [
      react(carol, hidden, { emoji_name: 'tada' }),
      unreact(carol, hidden, { emoji_name: 'tada' }),
      react(carol, 999_999_999, { emoji_name: 'tada' }),
    ]) {
      const refused = await attempt;
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ msg: 'Invalid message(s)', code: 'BAD_REQUEST' });
    }
    const direct = (
      await org.api(alice)('POST', '/messages', {
        type: 'private',
        to: JSON.stringify([bob.id]),
        content: 'just us',
      })
    ).json.id as number;
    expect((await react(carol, direct, { emoji_name: 'tada' })).json.msg).toBe(
      'Invalid message(s)',
    );
    expect((await react(bob, direct, { emoji_name: 'tada' })).status).toBe(200);
  });

  it('sends the reaction event, naming the reactor by user_id alone, to those who have the message (feature levels 339, 484)', async () => {
    const id = await design();
    const queues = {
      alice: await queueOf(alice),
      bob: await queueOf(bob),
      carol: await queueOf(carol),
    };
    await react(bob, id, { emoji_name: 'tada' });
    await unreact(bob, id, { emoji_code: '1f389' });
    const expected = (op: 'add' | 'remove') => ({
      type: 'reaction',
      op,
      user_id: bob.id,
      message_id: id,
      emoji_name: 'tada',
      emoji_code: '1f389',
      reaction_type: 'unicode_emoji',
    });
    for (const [user, queue] of [
      [alice, queues.alice],
      [bob, queues.bob],
    ] as const) {
      expect(await eventsIn(user, queue)).toEqual([
        { id: 0, ...expected('add') },
        { id: 1, ...expected('remove') },
      ]);
    }
    // Carol may read the public stream's history, but has no row for the message.
    expect(await eventsIn(carol, queues.carol)).toEqual([]);
  });

  it("gives someone reacting to a public stream's history a historical row, so later reactions reach them", async () => {
    const id = await design();
    const carolQueue = await queueOf(carol);
    expect((await react(carol, id, { emoji_name: 'octopus' })).status).toBe(200);
    await react(alice, id, { emoji_name: 'octopus' });
    expect((await eventsIn(carol, carolQueue)).map((e) => [e.op, e.user_id])).toEqual([
      ['add', carol.id],
      ['add', alice.id],
    ]);
    const db = new Database(join(org.dataDir, 'hearth.sqlite3'), { readonly: true });
    const row = db
      .prepare('SELECT flags FROM user_messages WHERE user_id = ? AND message_id = ?')
      .get(carol.id, id) as { flags: number } | undefined;
    db.close();
    // Zulip's create_historical_user_messages: read (bit 0) and historical (bit 10).
    expect(row?.flags).toBe(1 | (1 << 10));
    const flags = (await org.api(carol)('GET', `/messages/${id}`)).json.message.flags;
    expect(flags).toEqual(['read', 'historical']);
  });

  it("tells a stream's later subscribers only when the stream shares its history with them", async () => {
    await createStream('vault', false);
    await createStream('archive', true);
    const inVault = await org.sendStream(alice, 'vault', 'old', 'before bob');
    const inArchive = await org.sendStream(alice, 'archive', 'old', 'before bob');
    await addToStream('vault', bob);
    await addToStream('archive', bob);
    const bobQueue = await queueOf(bob);
    await react(alice, inVault, { emoji_name: 'tada' });
    await react(alice, inArchive, { emoji_name: 'tada' });
    expect((await eventsIn(bob, bobQueue)).map((e) => e.message_id)).toEqual([inArchive]);
    expect((await react(bob, inVault, { emoji_name: 'tada' })).json.msg).toBe('Invalid message(s)');
  });

  it('carries reactions on every message GET /messages returns, and on a new message as none', async () => {
    const ids = [await design('one'), await design('two'), await design('three')];
    await react(bob, ids[0] ?? 0, { emoji_name: 'tada' });
    await react(alice, ids[2] ?? 0, { emoji_name: 'octopus' });
    await react(bob, ids[2] ?? 0, { emoji_name: 'octopus' });
    const queue = (await org.api(bob)('POST', '/register', { event_types: ['message'] })).json;
    const fresh = await design('four');
    const page = (
      await org.api(bob)('GET', '/messages', {
        anchor: ids[0],
        num_before: 0,
        num_after: 3,
        narrow: [{ operator: 'stream', operand: 'design' }],
      })
    ).json.messages as { id: number; reactions: Reaction[] }[];
    expect(page.map((m) => [m.id, summary(m.reactions)])).toEqual([
      [ids[0], [[bob.id, 'tada', '1f389', 'unicode_emoji']]],
      [ids[1], []],
      [
        ids[2],
        [
          [alice.id, 'octopus', '1f419', 'unicode_emoji'],
          [bob.id, 'octopus', '1f419', 'unicode_emoji'],
        ],
      ],
      [fresh, []],
    ]);
    const { events } = (
      await org.api(bob)('GET', '/events', {
        queue_id: queue.queue_id,
        last_event_id: -1,
        dont_block: true,
      })
    ).json as { events: { message: { id: number; reactions: Reaction[] } }[] };
    expect(events.map((e) => [e.message.id, e.message.reactions])).toEqual([[fresh, []]]);
  });

  it('keeps reactions across a restart, and drops them with their message', async () => {
    const id = await design();
    await react(bob, id, { emoji_name: 'tada' });
    await react(alice, id, { emoji_name: 'tada' });
    await org.restart();
    expect(summary(await reactionsOf(alice, id))).toEqual([
      [bob.id, 'tada', '1f389', 'unicode_emoji'],
      [alice.id, 'tada', '1f389', 'unicode_emoji'],
    ]);
    expect((await org.api(org.owner)('DELETE', `/messages/${id}`)).status).toBe(200);
    const db = new Database(join(org.dataDir, 'hearth.sqlite3'), { readonly: true });
    const left = db.prepare('SELECT count(*) AS n FROM reactions WHERE message_id = ?').get(id);
    db.close();
    expect(left).toEqual({ n: 0 });
  });

  it("offers Zulip's emoji names file at register's server_emoji_data_url, to anyone", async () => {
    const state = (await org.api(alice)('POST', '/register', { fetch_event_types: ['realm'] }))
      .json;
    const url = state.server_emoji_data_url as string;
    expect(url.startsWith(`${org.url}/`)).toBe(true);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('cache-control')).toContain('public');
    const { code_to_names: names } = (await response.json()) as {
      code_to_names: Record<string, string[]>;
    };
    expect(names['1f389']).toEqual(['tada', 'party_popper']);
    expect(names['1f44d']?.[0]).toBe('+1');
    expect(Object.keys(names).length).toBeGreaterThan(1800);
  });
});
