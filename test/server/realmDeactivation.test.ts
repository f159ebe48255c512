import { serveOnce } from '../helpers/cliHost';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFileOf } from '../../src-main/server/export/exportFolder';
import { ManualClock } from '../helpers/manualClock';
import { startOrg, testPassword, type Org, type TestUser } from '../helpers/org';

// Zulip's POST /realm/deactivate (deletion_delay_days: feature level 332).
// On a Hearth host the organization is the whole host: deactivating it
// closes it to every client and deletes nothing; the operator opens it again.

const deactivated = {
  result: 'error',
  code: 'REALM_DEACTIVATED',
  msg: 'This organization has been deactivated',
};

describe('deactivating the organization', () => {
  let org: Org;
  let admin: TestUser;
  let alice: TestUser;

  const realmColumns = () => {
    const db = new Database(databaseFileOf(org.dataDir), { readonly: true });
    try {
      return db
        .prepare('SELECT deactivated, scheduled_deletion_date FROM realm WHERE id = 1')
        .get() as { deactivated: number; scheduled_deletion_date: number | null };
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    org = await startOrg();
    admin = await org.user('admin');
    alice = await org.user('alice');
    await org.api(org.owner)('PATCH', `/users/${admin.id}`, { role: 200 });
  });
  afterAll(() => org.close());

  it('is for owners only, and takes a deletion delay within the server limits', async () => {
    for (const user of [admin, alice]) {
      const refused = await org.api(user)('POST', '/realm/deactivate');
      expect(refused.status).toBe(400);
      expect(refused.json).toEqual({
        result: 'error',
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'Must be an organization owner',
      });
    }
    const limits = (await org.api(org.owner)('POST', '/register', { fetch_event_types: ['realm'] }))
      .json;
    expect(limits.server_min_deactivated_realm_deletion_days).toBe(14);
    expect(limits.server_max_deactivated_realm_deletion_days).toBeNull();
    for (const days of [0, 13, -1]) {
      const refused = await org.api(org.owner)('POST', '/realm/deactivate', {
        deletion_delay_days: days,
      });
      expect(refused.status).toBe(400);
      expect(refused.json).toEqual({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'Data deletion time must be at least 14 days in the future.',
      });
    }
    const notANumber = await org.api(org.owner)('POST', '/realm/deactivate', {
      deletion_delay_days: 'soon',
    });
    expect(notANumber.status).toBe(400);
    expect(notANumber.json.code).toBe('BAD_REQUEST');

    expect(realmColumns()).toEqual({ deactivated: 0, scheduled_deletion_date: null });
    expect((await org.api(alice)('GET', '/users/me')).status).toBe(200);
  });

  it("ends every queue with the deactivated event, then refuses everyone's requests", async () => {
    const queueOf = async (user: TestUser) =>
      (await org.api(user)('POST', '/register', { event_types: ['realm', 'message'] })).json
        .queue_id as string;
    const waiting = await queueOf(alice);
    const idle = await queueOf(admin);
    const messageId = await org.sendStream(alice, 'general', 'kept', 'still here afterwards');
    const poll = org.api(alice)('GET', '/events', { queue_id: waiting, last_event_id: 0 });
    await new Promise((resolve) => setTimeout(resolve, 100));

    const before = Math.floor(Date.now() / 1000);
    const done = await org.api(org.owner)('POST', '/realm/deactivate', {
      deletion_delay_days: 30,
    });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json).toEqual({ result: 'success', msg: '' });

    const answered = await poll;
    expect(answered.status).toBe(200);
    expect(answered.json.events).toEqual([
      { type: 'realm', op: 'deactivated', realm_id: 1, id: expect.any(Number) },
    ]);

    for (const [user, request] of [
      [alice, () => org.api(alice)('GET', '/events', { queue_id: waiting, last_event_id: 1 })],
      [admin, () => org.api(admin)('GET', '/events', { queue_id: idle, last_event_id: -1 })],
      [alice, () => org.api(alice)('POST', '/register')],
      [org.owner, () => org.api(org.owner)('GET', '/users/me')],
      [alice, () => org.api(alice)('GET', `/messages/${messageId}`)],
      [org.owner, () => org.api(org.owner)('POST', '/realm/deactivate')],
    ] as const) {
      const refused = await request();
      expect(refused.status, user.email).toBe(401);
      expect(refused.json).toEqual(deactivated);
    }
    const login = await org.api()('POST', '/fetch_api_key', {
      username: alice.email,
      password: testPassword,
    });
    expect(login.status).toBe(401);
    expect(login.json).toEqual(deactivated);
    expect((await org.api()('GET', '/server_settings')).status).toBe(200);

    // The data stays; the deletion date is only recorded.
    const columns = realmColumns();
    expect(columns.deactivated).toBe(1);
    expect(columns.scheduled_deletion_date).toBeGreaterThanOrEqual(before + 30 * 86400);
    expect(columns.scheduled_deletion_date).toBeLessThanOrEqual(before + 30 * 86400 + 5);
    await org.restart();
    expect((await org.api(alice)('GET', '/users/me')).json).toEqual(deactivated);
  });

  it("opens again by the operator's --reactivate-organization, with everything it held", async () => {
    await org.stop();
    const { output } = await serveOnce([
      '--port',
      '0',
      '--keep-backups',
      '0',
      '--data-dir',
      org.dataDir,
      '--reactivate-organization',
    ]);
    expect(output).toContain('the organization is active again');
    await org.start();

    expect(realmColumns()).toEqual({ deactivated: 0, scheduled_deletion_date: null });
    const messages = await org.api(alice)('GET', '/messages', {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: 'general' }],
    });
    expect(messages.status).toBe(200);
    expect(messages.json.messages.map((message: { content: string }) => message.content)).toContain(
      '<p>still here afterwards</p>',
    );
    const login = await org.api()('POST', '/fetch_api_key', {
      username: alice.email,
      password: testPassword,
    });
    expect(login.json).toMatchObject({ result: 'success', api_key: alice.apiKey });
  }, 60_000);
});

describe("a deactivated organization's scheduled messages", () => {
  let org: Org;
  let alice: TestUser;
  const clock = new ManualClock();

  beforeAll(async () => {
    org = await startOrg({ clock });
    alice = await org.user('alice');
    await org.subscribe(alice, 'design');
  });
  afterAll(() => org.close());

  // Read from the data folder: the organization answers no request meanwhile.
  const storedLater = () => {
    const db = new Database(databaseFileOf(org.dataDir), { readonly: true });
    try {
      return db
        .prepare(
          `SELECT (SELECT count(*) FROM scheduled_messages WHERE delivered = 0) AS waiting,
                  (SELECT count(*) FROM messages WHERE subject = 'later') AS sent`,
        )
        .get();
    } finally {
      db.close();
    }
  };
  const inDesign = async (topic: string) => {
    const answer = await org.api(alice)('GET', '/messages', {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: [
        { operator: 'channel', operand: 'design' },
        { operator: 'topic', operand: topic },
      ],
    });
    return (answer.json.messages as { content: string }[]).map((message) => message.content);
  };

  it('wait while it is closed, and go out once it is opened again', async () => {
    const designId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json
      .stream_id as number;
    const scheduled = await org.api(alice)('POST', '/scheduled_messages', {
      type: 'stream',
      to: designId,
      topic: 'later',
      content: 'Sent when the office opens',
      scheduled_delivery_timestamp: clock.seconds() + 10 * 60,
    });
    expect(scheduled.status, JSON.stringify(scheduled.json)).toBe(200);
    expect((await org.api(org.owner)('POST', '/realm/deactivate')).status).toBe(200);

    clock.advance(20 * 60_000);
    await org.stop();
    await org.start();
    clock.advance(60_000);
    expect(storedLater()).toEqual({ waiting: 1, sent: 0 });
    await org.stop();
    await org.start({ reactivateOrganization: true });

    expect(await inDesign('later')).toEqual(['<p>Sent when the office opens</p>']);
  });
});
