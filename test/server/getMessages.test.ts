import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

const NEWEST = 10_000_000_000_000_000;

describe('GET /messages anchors and windows', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  const ids: number[] = [];

  const read = (user: TestUser, params: Record<string, unknown>) =>
    org.api(user)('GET', '/messages', params);
  const idsOf = (json: { messages: { id: number }[] }) => json.messages.map((m) => m.id);
  const inStream = [{ operator: 'stream', operand: 'anchors' }];

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'anchors');
    await org.subscribe(bob, 'anchors');
    await org.subscribe(alice, 'elsewhere');
    for (let n = 1; n <= 5; n += 1) {
      const response = await org.api(alice)('POST', '/messages', {
        type: 'stream',
        to: 'anchors',
        topic: 'counting',
        content: `message ${n}`,
      });
      ids.push(response.json.id);
    }
  });
  afterAll(() => org.close());

  it('answers anchor=newest with the newest messages and the 10^16 sentinel', async () => {
    const { json } = await read(bob, {
      anchor: 'newest',
      num_before: 2,
      num_after: 3,
      narrow: inStream,
    });
    expect(idsOf(json)).toEqual(ids.slice(3));
    expect(json).toMatchObject({
      anchor: NEWEST,
      found_anchor: false,
      found_newest: true,
      found_oldest: false,
      history_limited: false,
    });
  });

  it('answers anchor=oldest from the first message with found_oldest', async () => {
    const { json } = await read(bob, {
      anchor: 'oldest',
      num_before: 3,
      num_after: 2,
      narrow: inStream,
    });
    expect(idsOf(json)).toEqual(ids.slice(0, 2));
    expect(json).toMatchObject({ anchor: 0, found_oldest: true, found_newest: false });
  });

  it('promises the ends only when fewer messages than asked for came back', async () => {
    const exact = await read(bob, {
      anchor: ids[1],
      num_before: 1,
      num_after: 3,
      narrow: inStream,
    });
    expect(idsOf(exact.json)).toEqual(ids.slice(0, 5));
    expect(exact.json).toMatchObject({
      found_anchor: true,
      found_oldest: false,
      found_newest: false,
    });
    const wider = await read(bob, {
      anchor: ids[1],
      num_before: 2,
      num_after: 4,
      narrow: inStream,
    });
    expect(wider.json).toMatchObject({ found_oldest: true, found_newest: true });
  });

  it('reports found_anchor false for an anchor outside the narrow and pages around it', async () => {
    const { json } = await read(alice, {
      anchor: ids[2],
      num_before: 1,
      num_after: 1,
      narrow: [{ operator: 'stream', operand: 'elsewhere' }],
    });
    expect(json).toMatchObject({ anchor: ids[2], found_anchor: false, messages: [] });
    expect(json.found_oldest && json.found_newest).toBe(true);
  });

  it('returns just the anchor when neither side is asked for', async () => {
    const { json } = await read(bob, { anchor: ids[3], num_before: 0, num_after: 0 });
    expect(idsOf(json)).toEqual([ids[3]]);
    expect(json).toMatchObject({ found_anchor: true, found_oldest: false, found_newest: false });
  });

  it('leaves the anchor out with include_anchor=false', async () => {
    const after = await read(bob, {
      anchor: ids[1],
      include_anchor: false,
      num_before: 0,
      num_after: 2,
    });
    expect(idsOf(after.json)).toEqual([ids[2], ids[3]]);
    expect(after.json.found_anchor).toBe(false);
    const before = await read(bob, {
      anchor: ids[3],
      include_anchor: false,
      num_before: 2,
      num_after: 0,
    });
    expect(idsOf(before.json)).toEqual([ids[1], ids[2]]);
  });

  it('reads a negative anchor as 0, as Zulip does', async () => {
    const { json } = await read(bob, { anchor: '-5', num_before: 0, num_after: 1 });
    expect(json.anchor).toBe(0);
    expect(idsOf(json)).toEqual([ids[0]]);
  });

  it('starts at the first unread message, also through use_first_unread_anchor', async () => {
    const first = await read(bob, {
      anchor: 'first_unread',
      num_before: 0,
      num_after: 1,
      narrow: inStream,
    });
    expect(first.json).toMatchObject({ anchor: ids[0], found_anchor: true });
    const legacy = await read(bob, {
      use_first_unread_anchor: true,
      num_before: 0,
      num_after: 1,
      narrow: inStream,
    });
    expect(legacy.json.anchor).toBe(ids[0]);
  });

  it('falls back to the newest sentinel when nothing is unread', async () => {
    const { json } = await read(alice, {
      anchor: 'first_unread',
      num_before: 2,
      num_after: 2,
      narrow: inStream,
    });
    expect(json).toMatchObject({ anchor: NEWEST, found_newest: true, found_anchor: false });
    expect(idsOf(json)).toEqual(ids.slice(3));
  });

  it('refuses more than 5000 messages with Zulip message', async () => {
    const { status, json } = await read(bob, { anchor: 'newest', num_before: 5000, num_after: 1 });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Too many messages requested (maximum 5000).',
    });
  });

  it('asks for the anchor when neither anchor nor use_first_unread_anchor is given', async () => {
    const { status, json } = await read(bob, { num_before: 1, num_after: 1 });
    expect(status).toBe(400);
    expect(json).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'anchor' });
  });

  it('rejects an anchor that is neither a number nor a keyword', async () => {
    const { status, json } = await read(bob, { anchor: 'latest', num_before: 1, num_after: 1 });
    expect(status).toBe(400);
    expect(json.var_name).toBe('anchor');
  });

  describe('anchored at a date (Zulip 12, feature level 445)', () => {
    const day = (n: number) => Date.UTC(2024, 0, n) / 1000;
    beforeAll(() => {
      // The five messages, sent a day apart from 1 January 2024, UTC.
      const db = new Database(join(org.dataDir, 'hearth.sqlite3'));
      try {
        const date = db.prepare('UPDATE messages SET date_sent = ? WHERE id = ?');
        ids.forEach((id, index) => date.run(day(index + 1), id));
      } finally {
        db.close();
      }
    });
    const atDate = (anchorDate: string, around = 1) =>
      read(bob, {
        anchor: 'date',
        anchor_date: anchorDate,
        num_before: around,
        num_after: around,
        narrow: inStream,
      });

    it('anchors at the first message sent at the date or after, in UTC without an offset', async () => {
      for (const date of ['2024-01-03', '2024-01-02T12:00', '2024-01-03T02:00:00+03:00']) {
        const { status, json } = await atDate(date);
        expect(status, JSON.stringify(json)).toBe(200);
        expect(json).toMatchObject({ anchor: ids[2], found_anchor: true });
        expect(idsOf(json)).toEqual(ids.slice(1, 4));
      }
      const exact = await atDate('2024-01-05T00:00:00Z', 0);
      expect(exact.json).toMatchObject({ anchor: ids[4], found_anchor: true });
    });

    it('falls back to the newest sentinel after the last message', async () => {
      const { json } = await atDate('2030-06-01', 2);
      expect(json).toMatchObject({ anchor: NEWEST, found_anchor: false, found_newest: true });
      expect(idsOf(json)).toEqual(ids.slice(3));
    });

    it('asks for anchor_date, and refuses one that is no date', async () => {
      const missing = await read(bob, { anchor: 'date', num_before: 1, num_after: 1 });
      expect(missing.status).toBe(400);
      expect(missing.json).toMatchObject({ msg: "Missing 'anchor_date' argument" });
      for (const bad of ['yesterday', '2024-02-30', '2024-01-01T25:00']) {
        const refused = await atDate(bad);
        expect(refused.status).toBe(400);
        expect(refused.json).toMatchObject({ result: 'error', msg: 'Invalid anchor_date' });
      }
    });
  });

  describe('by message_ids (Zulip 10, feature level 300)', () => {
    it('answers the readable ones that match the narrow, in ID order, naming no anchor', async () => {
      const elsewhere = await org.api(alice)('POST', '/messages', {
        type: 'stream',
        to: 'elsewhere',
        topic: 'private to alice',
        content: 'not for bob',
      });
      const wanted = [ids[3], ids[0], elsewhere.json.id, 999_999];
      const { status, json } = await read(bob, { message_ids: JSON.stringify(wanted) });
      expect(status, JSON.stringify(json)).toBe(200);
      expect(json).toEqual({
        result: 'success',
        msg: '',
        messages: expect.any(Array),
        history_limited: false,
        found_anchor: false,
        found_oldest: false,
        found_newest: false,
      });
      expect(idsOf(json)).toEqual([ids[0], ids[3]]);
      const narrowed = await read(bob, {
        message_ids: JSON.stringify([ids[0], ids[3]]),
        narrow: [{ operator: 'search', operand: 'message 4' }],
      });
      expect(idsOf(narrowed.json)).toEqual([ids[3]]);
    });

    it('refuses message_ids beside a range, naming the clashing parameters', async () => {
      const { status, json } = await read(bob, {
        message_ids: JSON.stringify([ids[0]]),
        anchor: 'newest',
      });
      expect(status).toBe(400);
      expect(json).toMatchObject({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'Unsupported parameter combination: num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor',
      });
      const withCount = await read(bob, { message_ids: JSON.stringify([ids[0]]), num_after: 1 });
      expect(withCount.status).toBe(400);
    });
  });
});
