import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { databaseFileOf } from '../../src-main/server/export/exportFolder';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { zulipImportFormat } from '../helpers/zulipImportFormat';

// Zulip 12's data exports (POST, GET /export/realm and DELETE
// /export/realm/{export_id}; feature levels 304 and 449): a public export
// holds no private data, one with consent only the consenting people's, and
// administrators hear of each change by realm_export events.

const run = promisify(execFile);

type ExportView = Record<string, unknown>;
type Rows = Record<string, unknown>[];

describe('data exports', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let scratch: string;
  const ids: Record<string, number> = {};

  const call = (user: TestUser) => org.api(user);
  const ok = async (user: TestUser, method: string, path: string, params = {}) => {
    const response = await call(user)(method as 'POST', path, params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json;
  };
  const send = async (name: string, user: TestUser, params: Record<string, unknown>) => {
    ids[name] = (await ok(user, 'POST', '/messages', params)).id as number;
  };
  const exportsNow = async () =>
    (await ok(org.owner, 'GET', '/export/realm')).exports as ExportView[];
  const finished = async (id: number): Promise<ExportView> => {
    for (;;) {
      const found = (await exportsNow()).find((view) => view.id === id);
      if (found && found.pending === false) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** The tarball at the export's URL, unpacked: realm.json and every message file. */
  const unpack = async (url: string) => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const dir = await mkdtemp(join(scratch, 'unpacked-'));
    await writeFile(join(dir, 'export.tar.gz'), Buffer.from(await response.arrayBuffer()));
    await run('tar', ['-xzf', 'export.tar.gz'], { cwd: dir });
    const [top] = (await readdir(dir)).filter((name) => name.startsWith('zulip-export-'));
    const root = join(dir, top ?? '');
    const realm = JSON.parse(await readFile(join(root, 'realm.json'), 'utf8')) as Record<
      string,
      Rows
    >;
    // Every row as Zulip 12's importer reads it.
    const format = zulipImportFormat(12);
    format.realmJson.parse(realm);
    const files = (await readdir(root)).filter((name) => /^messages-\d+\.json$/.test(name));
    const messages: Rows = [];
    const userMessages: Rows = [];
    for (const file of files) {
      const text = await readFile(join(root, file), 'utf8');
      format.messageFile.parse(JSON.parse(text));
      const batch = JSON.parse(text) as Record<string, Rows>;
      messages.push(...(batch['zerver_message'] ?? []));
      userMessages.push(...(batch['zerver_usermessage'] ?? []));
    }
    return { realm, messages, userMessages, contents: messages.map((m) => m['content']) };
  };
  const profileOf = (realm: Record<string, Rows>, user: TestUser) =>
    (realm['zerver_userprofile'] ?? []).find((row) => row['id'] === user.id);
  const register = async (user: TestUser) =>
    (await ok(user, 'POST', '/register', { event_types: ['realm_export'] })).queue_id as string;
  const eventsOf = async (user: TestUser, queueId: string) =>
    (
      (await ok(user, 'GET', '/events', { queue_id: queueId, dont_block: true })).events as Rows
    ).map(({ id: _id, ...event }) => event);

  beforeAll(async () => {
    org = await startOrg();
    scratch = await mkdtemp(join(tmpdir(), 'hearth-export-test-'));
    alice = await org.user('alice');
    bob = await org.user('bob');
    await ok(alice, 'PATCH', '/settings', { allow_private_data_export: true });
    await org.subscribe(bob, 'lobby');
    ids['public'] = await org.sendStream(bob, 'lobby', 'hello', 'public hello');
    for (const [user, stream] of [
      [alice, 'alice-room'],
      [bob, 'bob-room'],
    ] as const) {
      await ok(user, 'POST', '/users/me/subscriptions', {
        subscriptions: [{ name: stream }],
        invite_only: true,
      });
      await send(stream, user, {
        type: 'stream',
        to: stream,
        topic: 't',
        content: `${stream} secret`,
      });
    }
    await send('dm from alice', alice, {
      type: 'private',
      to: org.owner.email,
      content: 'dm from alice',
    });
    await send('dm from bob', bob, {
      type: 'private',
      to: org.owner.email,
      content: 'dm from bob',
    });
    await ok(alice, 'POST', '/users/me/alert_words', { alert_words: ['aliceword'] });
    await ok(bob, 'POST', '/users/me/alert_words', { alert_words: ['bobword'] });
    await ok(bob, 'POST', `/users/me/muted_users/${alice.id}`);
    for (const user of [alice, bob]) {
      await ok(user, 'PATCH', '/settings', { enter_sends: true, email_address_visibility: 3 });
      await ok(user, 'POST', '/navigation_views', { fragment: 'recent', is_pinned: false });
      const bot = await ok(user, 'POST', '/bots', {
        full_name: `${user.fullName}'s bot`,
        short_name: `${user.fullName.toLowerCase()}s`,
      });
      await ok(
        {
          id: bot.user_id as number,
          email: `${user.fullName.toLowerCase()}s-bot@hearth.local`,
          fullName: `${user.fullName}'s bot`,
          apiKey: bot.api_key as string,
        },
        'PUT',
        '/bot_storage',
        { storage: { owner: user.fullName } },
      );
    }
    await ok(org.owner, 'POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'staff' }],
      invite_only: true,
    });
    const staff = await ok(org.owner, 'GET', '/get_stream_id', { stream: 'staff' });
    await ok(org.owner, 'PATCH', '/realm', { moderation_request_channel_id: staff.stream_id });
  });
  afterAll(async () => {
    await org.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('is for administrators only', async () => {
    for (const [method, path] of [
      ['POST', '/export/realm'],
      ['GET', '/export/realm'],
      ['DELETE', '/export/realm/1'],
    ] as const) {
      const response = await call(alice)(method, path, {});
      expect(response.status).toBe(400);
      expect(response.json).toEqual({
        result: 'error',
        msg: 'Must be an organization administrator',
        code: 'UNAUTHORIZED_PRINCIPAL',
      });
    }
  });

  it('takes the export types by their Zulip 12 names, and refuses an export without consent', async () => {
    const numbered = await call(org.owner)('POST', '/export/realm', { export_type: '1' });
    expect(numbered.status).toBe(400);
    expect(numbered.json).toEqual({
      result: 'error',
      msg: 'Invalid export_type: Value error, Not in the list of possible values',
      code: 'BAD_REQUEST',
      var_name: 'export_type',
    });
    const withoutConsent = await call(org.owner)('POST', '/export/realm', {
      export_type: 'full_without_consent',
    });
    expect(withoutConsent.status).toBe(400);
    expect(withoutConsent.json.code).toBe('BAD_REQUEST');
    expect(await exportsNow()).toEqual([]);
  });

  it('writes a public export in the background, telling administrators as it goes', async () => {
    const ownerQueue = await register(org.owner);
    const aliceQueue = await register(alice);
    const before = Math.floor(Date.now() / 1000);
    const { id } = await ok(org.owner, 'POST', '/export/realm');
    expect(typeof id).toBe('number');
    const done = await finished(id as number);
    expect(done).toEqual({
      id,
      export_time: expect.any(Number),
      acting_user_id: org.owner.id,
      export_url: expect.stringMatching(
        new RegExp(`^${org.url}/user_avatars/exports/1/[\\w-]+/zulip-export-[0-9a-f]+\\.tar\\.gz$`),
      ),
      deleted_timestamp: null,
      failed_timestamp: null,
      pending: false,
      export_type: 'public',
    });
    expect(done.export_time as number).toBeGreaterThanOrEqual(before);
    const events = await eventsOf(org.owner, ownerQueue);
    expect(events).toEqual([
      { type: 'realm_export', exports: [{ ...done, export_url: null, pending: true }] },
      { type: 'realm_export', exports: [done] },
    ]);
    expect(await eventsOf(alice, aliceQueue)).toEqual([]);
  });

  it('leaves every private message, private channel and private setting out of a public export', async () => {
    const [done] = await exportsNow();
    const { realm, contents, userMessages } = await unpack(done?.export_url as string);
    expect(contents).toEqual(['public hello']);
    expect(userMessages).toEqual([]);
    const streams = (realm['zerver_stream'] ?? []).map((row) => row['name']);
    expect(streams).toContain('lobby');
    expect(streams).not.toContain('alice-room');
    expect(streams).not.toContain('bob-room');
    expect(realm['zerver_huddle']).toEqual([]);
    // A private channel the organization names goes as none.
    expect(realm['zerver_realm']?.[0]?.['moderation_request_channel']).toBeNull();
    expect(realm['zerver_alertword']).toEqual([]);
    expect(realm['zerver_muteduser']).toEqual([]);
    expect(realm['zerver_navigationview']).toEqual([]);
    expect(realm['zerver_onboardingstep']).toEqual([]);
    expect(realm['zerver_botstoragedata']).toEqual([]);
    // Settings stay behind, but for what keeps someone private.
    for (const user of [alice, bob]) {
      expect(profileOf(realm, user)).not.toHaveProperty('enter_sends');
      expect(profileOf(realm, user)).toHaveProperty('email_address_visibility', 3);
    }
  });

  it("holds only the consenting people's private data in an export with consent", async () => {
    const { id } = await ok(org.owner, 'POST', '/export/realm', {
      export_type: 'full_with_consent',
    });
    const done = await finished(id as number);
    expect(done.export_type).toBe('full_with_consent');
    const { realm, messages, contents, userMessages } = await unpack(done.export_url as string);
    expect(contents.sort()).toEqual(['alice-room secret', 'dm from alice', 'public hello']);
    expect(messages.map((m) => m['id']).sort()).toEqual(
      [ids['alice-room'], ids['dm from alice'], ids['public']].sort(),
    );
    expect(new Set(userMessages.map((row) => row['user_profile']))).toEqual(new Set([alice.id]));
    const streams = (realm['zerver_stream'] ?? []).map((row) => row['name']);
    expect(streams).toContain('alice-room');
    expect(streams).not.toContain('bob-room');
    expect((realm['zerver_alertword'] ?? []).map((row) => row['word'])).toEqual(['aliceword']);
    expect(realm['zerver_muteduser']).toEqual([]);
    const owners = (table: string, key: string) => [
      ...new Set((realm[table] ?? []).map((row) => row[key])),
    ];
    expect(owners('zerver_navigationview', 'user')).toEqual([alice.id]);
    expect(owners('zerver_onboardingstep', 'user')).toEqual([alice.id]);
    expect((realm['zerver_botstoragedata'] ?? []).map((row) => row['value'])).toEqual(['Alice']);
    expect(profileOf(realm, alice)).toHaveProperty('enter_sends', true);
    expect(profileOf(realm, bob)).not.toHaveProperty('enter_sends');
  });

  it('deletes a finished export: its tarball goes, its row stays', async () => {
    const [first] = await exportsNow();
    const url = first?.export_url as string;
    const ownerQueue = await register(org.owner);
    await ok(org.owner, 'DELETE', `/export/realm/${first?.id}`);
    const [deleted] = await exportsNow();
    expect(deleted).toEqual({
      ...first,
      export_url: null,
      deleted_timestamp: expect.any(Number),
    });
    expect((await fetch(url)).status).toBe(404);
    expect((await eventsOf(org.owner, ownerQueue)).at(-1)).toEqual({
      type: 'realm_export',
      exports: await exportsNow(),
    });
    for (const [id, msg] of [
      [first?.id, 'Export already deleted'],
      [9999, 'Invalid data export ID'],
    ] as const) {
      const response = await call(org.owner)('DELETE', `/export/realm/${id}`);
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
    }
  });

  it('keeps every export across a restart', async () => {
    const before = await exportsNow();
    await org.restart();
    expect(await exportsNow()).toEqual(before);
  });

  it('marks an export that could not be written as failed, which nothing can delete', async () => {
    // A file where the exports' folder goes: the export cannot write its tarball.
    await rm(join(org.dataDir, 'exports'), { recursive: true, force: true });
    await writeFile(join(org.dataDir, 'exports'), 'in the way');
    const { id } = await ok(org.owner, 'POST', '/export/realm');
    const failed = await finished(id as number);
    expect(failed).toMatchObject({
      export_url: null,
      failed_timestamp: expect.any(Number),
      deleted_timestamp: null,
      pending: false,
    });
    const response = await call(org.owner)('DELETE', `/export/realm/${id}`);
    expect(response.json).toEqual({
      result: 'error',
      msg: 'Export failed, nothing to delete',
      code: 'BAD_REQUEST',
    });
    await rm(join(org.dataDir, 'exports'));
  });

  it('refuses to delete an export still running, and a sixth export in a week', async () => {
    const { id } = await ok(org.owner, 'POST', '/export/realm');
    const running = await call(org.owner)('DELETE', `/export/realm/${id}`);
    expect(running.json).toEqual({
      result: 'error',
      msg: 'Export still in progress',
      code: 'BAD_REQUEST',
    });
    await finished(id as number);
    await ok(org.owner, 'POST', '/export/realm');
    const sixth = await call(org.owner)('POST', '/export/realm');
    expect(sixth.status).toBe(400);
    expect(sixth.json).toEqual({
      result: 'error',
      msg: 'Exceeded rate limit.',
      code: 'BAD_REQUEST',
    });
    expect(await exportsNow()).toHaveLength(5);
  });

  it('fails an export the host was writing when it went down, and writes one only requested', async () => {
    await org.stop();
    // As a host killed in the middle leaves them: one export begun, one waiting.
    const db = new Database(databaseFileOf(org.dataDir));
    const insert = db.prepare(
      `INSERT INTO realm_exports (export_type, status, acting_user_id, date_requested)
       VALUES ('public', ?, ?, ?)`,
    );
    const requestedAt = Math.floor(Date.now() / 1000) - 60;
    const begun = Number(insert.run('started', org.owner.id, requestedAt).lastInsertRowid);
    const waiting = Number(insert.run('requested', org.owner.id, requestedAt).lastInsertRowid);
    db.close();
    await org.start();
    expect(await finished(begun)).toMatchObject({
      failed_timestamp: expect.any(Number),
      export_url: null,
    });
    expect(await finished(waiting)).toMatchObject({
      failed_timestamp: null,
      export_url: expect.stringContaining('/user_avatars/exports/1/'),
    });
  });
});
