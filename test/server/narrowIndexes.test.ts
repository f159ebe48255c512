import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { narrowMessages } from '../../src-main/server/narrow/messageFilter';
import type { Term } from '../../src-main/server/narrow/terms';
import { firstUnreadId, messagesUpTo } from '../../src-main/server/store/messages';
import { Sql } from '../../src-main/server/store/sql';
import { userById, type UserRow } from '../../src-main/server/store/users';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Each narrow of the benchmark must be answered by walking an index in ID
// order, never by sorting every matching row: that is what keeps a page of
// 100 messages fast at a million messages.
describe('query plans of the narrows', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let sql: Sql;
  let raw: Database.Database;
  let viewer: UserRow;
  const statements: string[] = [];

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'plans');
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'vault' }],
      invite_only: true,
      history_public_to_subscribers: false,
    });
    for (const to of ['plans', 'vault']) {
      await org.api(alice)('POST', '/messages', {
        type: 'stream',
        to,
        topic: 'indexes',
        content: 'hello',
      });
    }
    const path = join(org.dataDir, 'hearth.sqlite3');
    sql = new Sql(path, {
      slowQueryMs: 0,
      logSlow: (line) => statements.push(line.replace(/^slow query \([\d.]+ ms\): /, '')),
    });
    raw = new Database(path, { readonly: true });
    const found = userById(sql, alice.id);
    if (!found) throw new Error('alice is missing');
    viewer = found;
  });
  afterAll(async () => {
    raw.close();
    sql.close();
    await org.close();
  });

  const planOf = (statement: string) => {
    const names = [...new Set(statement.match(/:\w+/g) ?? [])].map((name) => name.slice(1));
    const params = Object.fromEntries(names.map((name) => [name, 1]));
    return raw
      .prepare(`EXPLAIN QUERY PLAN ${statement}`)
      .all(params)
      .map((row) => (row as { detail: string }).detail)
      .join('\n');
  };
  const newestPagePlan = (terms: Term[]) => {
    statements.length = 0;
    messagesUpTo(sql, narrowMessages(sql, viewer, terms).filter, null, 100);
    return planOf(statements.at(-1) ?? '');
  };
  const term = (operator: string, operand: string): Term => ({ operator, operand, negated: false });

  it('reads a stream topic through the stream+topic index', () => {
    const plan = newestPagePlan([term('stream', 'plans'), term('topic', 'indexes')]);
    expect(plan).toMatch(/messages_by_topic/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  // The viewer reaches only the messages they received, yet the stream's
  // index leads: their own rows span every stream they are in.
  it('reads a topic of a stream without shared history through the stream+topic index', () => {
    const plan = newestPagePlan([term('stream', 'vault'), term('topic', 'indexes')]);
    expect(plan).toMatch(/SEARCH m USING INDEX messages_by_topic/);
    expect(plan).toMatch(/SEARCH um USING PRIMARY KEY \(user_id=\? AND message_id=\?\)/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('reads a stream without shared history through the stream index', () => {
    const plan = newestPagePlan([term('stream', 'vault')]);
    expect(plan).toMatch(/SEARCH m USING INDEX messages_by_recipient/);
    expect(plan).toMatch(/SEARCH um USING PRIMARY KEY \(user_id=\? AND message_id=\?\)/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('reads a whole stream through the stream index', () => {
    const plan = newestPagePlan([term('stream', 'plans')]);
    expect(plan).toMatch(/messages_by_recipient/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('reads unread messages through the partial unread index', () => {
    const plan = newestPagePlan([term('is', 'unread')]);
    expect(plan).toMatch(/user_messages_unread/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('reads a private conversation through the viewer rows', () => {
    const plan = newestPagePlan([term('pm-with', bob.email)]);
    expect(plan).toMatch(/SEARCH um USING PRIMARY KEY \(user_id=\?\)/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('searches through the full-text index', () => {
    const plan = newestPagePlan([term('search', 'hello')]);
    expect(plan).toMatch(/messages_fts VIRTUAL TABLE INDEX/);
  });

  it('finds the first unread message through the partial unread index', () => {
    statements.length = 0;
    firstUnreadId(sql, narrowMessages(sql, viewer, []).filter, true);
    expect(planOf(statements.at(-1) ?? '')).toMatch(/user_messages_unread/);
  });
});
