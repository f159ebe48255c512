import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedEvents, registerQueue } from '../helpers/eventQueue';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0's drafts kept by the server: GET, POST, PATCH and DELETE /drafts,
// their `drafts` events and register state, all under the user's
// enable_drafts_synchronization, whose turning off forgets them.

describe('drafts kept by the server', () => {
  let org: Org;
  let hamlet: TestUser;
  let zoe: TestUser;
  let othello: TestUser;
  let generalId: number;
  let secretId: number;

  const post = (user: TestUser, drafts: unknown) =>
    org.api(user)('POST', '/drafts', { drafts: JSON.stringify(drafts) });
  const edit = (user: TestUser, id: number, draft: unknown) =>
    org.api(user)('PATCH', `/drafts/${id}`, { draft: JSON.stringify(draft) });
  const fetchDrafts = async (user: TestUser) => (await org.api(user)('GET', '/drafts')).json;
  const registered = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { fetch_event_types: ['drafts'] })).json.drafts;
  const streamDraft = (content: string, timestamp: number) => ({
    type: 'stream',
    to: [generalId],
    topic: 'sync drafts',
    content,
    timestamp,
  });
  const expectError = (
    response: { status: number; json: Record<string, unknown> },
    msg: string,
    status = 400,
  ) => {
    expect(response.json).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
    expect(response.status).toBe(status);
  };
  const clear = async (user: TestUser) => {
    for (const draft of (await fetchDrafts(user)).drafts as { id: number }[]) {
      await org.api(user)('DELETE', `/drafts/${draft.id}`);
    }
  };

  beforeAll(async () => {
    org = await startOrg();
    hamlet = await org.user('hamlet');
    zoe = await org.user('zoe');
    othello = await org.user('othello');
    await org.subscribe(hamlet, 'general');
    await org.subscribe(zoe, 'secret');
    const streams = (await org.api(org.owner)('GET', '/streams', { include_all_active: true })).json
      .streams as { name: string; stream_id: number }[];
    generalId = streams.find((stream) => stream.name === 'general')?.stream_id ?? -1;
    secretId = streams.find((stream) => stream.name === 'secret')?.stream_id ?? -1;
    await org.api(org.owner)('PATCH', `/streams/${secretId}`, { is_private: true });
  });
  afterAll(() => org?.close());

  it('creates stream, private and unaddressed drafts and lists them as Zulip does', async () => {
    const created = await post(hamlet, [
      streamDraft("Let's add backend support for syncing drafts.", 1595479019),
      { type: 'private', to: [zoe.id], topic: 'ignored', content: 'To Zoe', timestamp: 1595479020 },
      {
        type: 'private',
        to: [othello.id, zoe.id, hamlet.id],
        topic: '',
        content: 'To both',
        timestamp: 1595479021.5,
      },
      {
        type: 'private',
        to: [],
        topic: 'sync drafts',
        content: 'Nobody yet',
        timestamp: 1595479022,
      },
    ]);
    expect(created.json).toMatchObject({ result: 'success', ids: expect.any(Array) });
    const ids = created.json.ids as number[];
    expect(ids).toHaveLength(4);

    const listed = await fetchDrafts(hamlet);
    expect(listed.count).toBe(4);
    expect(listed.drafts).toEqual([
      { id: ids[0], ...streamDraft("Let's add backend support for syncing drafts.", 1595479019) },
      {
        id: ids[1],
        type: 'private',
        to: [zoe.id],
        topic: '',
        content: 'To Zoe',
        timestamp: 1595479020,
      },
      {
        id: ids[2],
        type: 'private',
        to: [zoe.id, othello.id].sort((a, b) => a - b),
        topic: '',
        content: 'To both',
        timestamp: 1595479021,
      },
      { id: ids[3], type: '', to: [], topic: '', content: 'Nobody yet', timestamp: 1595479022 },
    ]);
    // Register lists the last edited first.
    expect((await registered(hamlet)).map((draft: { id: number }) => draft.id)).toEqual(
      [...ids].reverse(),
    );
    // Nobody else sees them.
    expect((await fetchDrafts(zoe)).drafts).toEqual([]);
    await clear(hamlet);
  });

  it('takes now as the time of a draft sent without one, and a note to oneself as oneself', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { ids } = (
      await post(hamlet, [{ type: 'private', to: [hamlet.id], topic: '', content: 'Note' }])
    ).json as { ids: number[] };
    const [draft] = (await fetchDrafts(hamlet)).drafts;
    expect(draft).toMatchObject({ id: ids[0], to: [hamlet.id], type: 'private' });
    expect(draft.timestamp).toBeGreaterThanOrEqual(before);
    await clear(hamlet);
  });

  it('refuses what Zulip 7.0 refuses, creating none of a batch with one bad draft', async () => {
    const good = streamDraft('fine', 1595479019);
    const cases: [unknown, string][] = [
      [{ ...good, timestamp: -10.1 }, 'Timestamp must not be negative.'],
      [{ ...good, to: [] }, 'Must specify exactly 1 channel ID for channel messages'],
      [{ ...good, to: [secretId] }, 'Invalid channel ID'],
      [{ ...good, to: [99999999] }, 'Invalid channel ID'],
      [{ ...good, type: 'private', to: [99999999] }, 'Invalid user ID 99999999'],
      [{ ...good, content: '   ' }, 'drafts[1]["content"] cannot be blank.'],
      [{ ...good, type: 'huddle' }, 'Invalid drafts[1]["type"]'],
      [{ ...good, to: ['7'] }, 'drafts[1]["to"][0] is not an integer'],
      [{ ...good, timestamp: 'now' }, 'drafts[1]["timestamp"] is not an allowed_type'],
      [{ type: 'stream', to: [generalId], content: 'x' }, 'topic key is missing from drafts[1]'],
      [{ ...good, id: 4 }, 'Unexpected arguments: id'],
      ['draft', 'drafts[1] is not a dict'],
    ];
    for (const [bad, msg] of cases) expectError(await post(hamlet, [good, bad]), msg);
    expectError(await post(hamlet, { drafts: [good] }), 'drafts is not a list');
    expect((await org.api(hamlet)('POST', '/drafts', {})).json).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'drafts' argument",
    });
    expect((await fetchDrafts(hamlet)).drafts).toEqual([]);
  });

  it('edits a draft in place, moving it to another conversation', async () => {
    const [id] = (await post(hamlet, [streamDraft('The API should be good', 1595505700)])).json
      .ids as number[];
    const changed = {
      type: 'private',
      to: [othello.id],
      topic: 'dropped',
      content: 'The API needs to be simple.',
      timestamp: 1595505800,
    };
    expect((await edit(hamlet, id as number, changed)).json.result).toBe('success');
    expect((await fetchDrafts(hamlet)).drafts).toEqual([{ ...changed, id, topic: '' }]);
    await clear(hamlet);
  });

  it("answers 404 for a draft that does not exist or is someone else's", async () => {
    const [id] = (await post(hamlet, [streamDraft('mine', 1595505700)])).json.ids as number[];
    expectError(await edit(zoe, id as number, streamDraft('???', 1)), 'Draft does not exist', 404);
    expectError(await org.api(zoe)('DELETE', `/drafts/${id}`), 'Draft does not exist', 404);
    expectError(await edit(hamlet, 999999, streamDraft('x', 1)), 'Draft does not exist', 404);
    expect((await fetchDrafts(hamlet)).drafts).toEqual([
      { id, ...streamDraft('mine', 1595505700) },
    ]);
    expect((await org.api(hamlet)('DELETE', `/drafts/${id}`)).json.result).toBe('success');
    expectError(await org.api(hamlet)('DELETE', `/drafts/${id}`), 'Draft does not exist', 404);
  });

  it("tells only the writer's clients of each change", async () => {
    const queue = await registerQueue(org, hamlet, { event_types: ['drafts'] });
    const others = await registerQueue(org, zoe, { event_types: ['drafts'] });
    const [id] = (await post(hamlet, [streamDraft('first', 1700000000)])).json.ids as number[];
    await edit(hamlet, id as number, streamDraft('second', 1700000100));
    await org.api(hamlet)('DELETE', `/drafts/${id}`);
    const events = (await queuedEvents(org, hamlet, queue)).map(({ id: _, ...event }) => event);
    expect(events).toEqual([
      { type: 'drafts', op: 'add', drafts: [{ id, ...streamDraft('first', 1700000000) }] },
      { type: 'drafts', op: 'update', draft: { id, ...streamDraft('second', 1700000100) } },
      { type: 'drafts', op: 'remove', draft_id: id },
    ]);
    expect(await queuedEvents(org, zoe, others)).toEqual([]);
  });

  it('refuses every call while synchronization is off, and forgets the drafts when it is turned off', async () => {
    await post(hamlet, [streamDraft('kept on the server', 1700000000)]);
    const queue = await registerQueue(org, hamlet, { event_types: ['drafts'] });
    await org.api(hamlet)('PATCH', '/settings', { enable_drafts_synchronization: false });
    expect(await registered(hamlet)).toEqual([]);
    const off = 'User has disabled synchronizing drafts.';
    expectError(await org.api(hamlet)('GET', '/drafts'), off);
    expectError(await org.api(hamlet)('POST', '/drafts', {}), off);
    expectError(await edit(hamlet, 1, {}), off);
    expectError(await org.api(hamlet)('DELETE', '/drafts/1'), off);
    // The drafts were not deleted by the user: no event says so.
    expect(await queuedEvents(org, hamlet, queue)).toEqual([]);

    await org.api(hamlet)('PATCH', '/settings', { enable_drafts_synchronization: true });
    expect((await fetchDrafts(hamlet)).drafts).toEqual([]);
  });

  it('keeps drafts across a restart of the host', async () => {
    const [id] = (await post(hamlet, [streamDraft('survives', 1700000000)])).json.ids as number[];
    await org.restart();
    expect((await fetchDrafts(hamlet)).drafts).toEqual([
      { id, ...streamDraft('survives', 1700000000) },
    ]);
  });
});
