import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeClients, messagesIn, openClients, streamMessage } from '../../bench/server/clients';
import { credentialsOf, type Credentials } from '../../bench/server/credentials';
import {
  DATABASE_FILE,
  generateOrg,
  type OrgManifest,
  type OrgSize,
} from '../../bench/server/generateOrg';
import { HttpConnection } from '../../bench/server/httpConnection';
import { closedLoop, openLoop } from '../../bench/server/load';
import { startHost, type Host } from '../../src-main/server/host';

const tinySize: OrgSize = { messages: 2_000, users: 30, streams: 8, contents: 200, words: 300 };

// Everything a seed decides, in ID order; API keys and join dates are the
// host's own randomness and clock, so they are left out.
function checksum(dataDir: string): string {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  const hash = createHash('sha256');
  const tables = [
    'SELECT id, email, full_name, role FROM users ORDER BY id',
    'SELECT id, name, invite_only FROM streams ORDER BY id',
    'SELECT user_id, recipient_id, is_active FROM subscriptions ORDER BY user_id, recipient_id',
    `SELECT id, sender_id, recipient_id, subject, content, rendered_content, date_sent,
       sending_client_id FROM messages ORDER BY id`,
    'SELECT user_id, message_id, flags FROM user_messages ORDER BY message_id, user_id',
  ];
  for (const sql of tables) {
    for (const row of db.prepare(sql).iterate()) hash.update(JSON.stringify(row));
  }
  db.close();
  return hash.digest('hex');
}

const count = (dataDir: string, sql: string): number => {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  const value = db.prepare(sql).pluck().get() as number;
  db.close();
  return value;
};

describe('the benchmark organization generator', () => {
  const dirs: string[] = [];
  const generate = async (seed: number) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'hearth-bench-test-'));
    dirs.push(dataDir);
    return { dataDir, manifest: await generateOrg({ dataDir, seed, size: tinySize }) };
  };
  let first: { dataDir: string; manifest: OrgManifest };

  beforeAll(async () => {
    first = await generate(7);
  });
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('writes the number of messages asked for, with a user_messages row per reader', () => {
    expect(count(first.dataDir, 'SELECT count(*) FROM messages')).toBe(2_000);
    expect(count(first.dataDir, 'SELECT count(*) FROM user_messages')).toBe(
      first.manifest.userMessages,
    );
    expect(first.manifest.userMessages).toBeGreaterThan(2_000 * 2);
  });

  it('gives every user some read and some unread messages', () => {
    const unread = count(first.dataDir, 'SELECT count(*) FROM user_messages WHERE (flags & 1) = 0');
    expect(unread).toBeGreaterThan(0);
    expect(unread).toBeLessThan(first.manifest.userMessages / 2);
  });

  it('indexes every message for search, and keeps the insert trigger', () => {
    const word = first.manifest.words[0] ?? '';
    expect(
      count(
        first.dataDir,
        `SELECT count(*) FROM messages_fts WHERE messages_fts MATCH '"${word}"*'`,
      ),
    ).toBeGreaterThan(0);
    expect(
      count(
        first.dataDir,
        "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name = 'messages_fts_insert'",
      ),
    ).toBe(1);
  });

  it('writes the same organization for the same seed and another for another seed', async () => {
    const again = await generate(7);
    const other = await generate(8);
    expect(checksum(again.dataDir)).toBe(checksum(first.dataDir));
    expect(again.manifest.userMessages).toBe(first.manifest.userMessages);
    expect(checksum(other.dataDir)).not.toBe(checksum(first.dataDir));
  });

  describe('served by a host', () => {
    let host: Host;
    let subscribers: Credentials[];

    beforeAll(async () => {
      const db = new Database(join(first.dataDir, DATABASE_FILE), { readonly: true });
      const ids = db
        .prepare(
          `SELECT user_id FROM subscriptions
           JOIN recipients ON recipients.id = subscriptions.recipient_id AND recipients.type = 2
           JOIN streams ON streams.id = recipients.type_id
           WHERE streams.name = ? ORDER BY user_id`,
        )
        .pluck()
        .all(first.manifest.sendStream) as number[];
      subscribers = credentialsOf(db, ids);
      db.close();
      host = await startHost({ dataDir: first.dataDir, port: 0 });
    });
    afterAll(async () => {
      await host.close();
    });

    it('answers a stream narrow with the generated messages', async () => {
      const [viewer] = subscribers;
      if (!viewer) throw new Error('the send stream has no subscribers');
      const connection = await HttpConnection.open(host.url, viewer.authorization);
      const response = await connection.request(
        messagesIn([{ operator: 'stream', operand: first.manifest.sendStream }]),
      );
      connection.close();
      expect(response.status).toBe(200);
      const { messages } = JSON.parse(response.body) as {
        messages: { display_recipient: string; content: string }[];
      };
      expect(messages.length).toBeGreaterThan(0);
      expect(messages.every((m) => m.display_recipient === first.manifest.sendStream)).toBe(true);
      expect(messages.every((m) => m.content.startsWith('<'))).toBe(true);
    });

    it('reads every generated direct message with one recipient_id a conversation, as the host keeps them', async () => {
      const db = new Database(join(first.dataDir, DATABASE_FILE), { readonly: true });
      const [reader] = credentialsOf(
        db,
        db
          .prepare(
            `SELECT m.sender_id FROM messages m
             JOIN recipients r ON r.id = m.recipient_id AND r.type = 1 LIMIT 1`,
          )
          .pluck()
          .all() as number[],
      );
      db.close();
      if (!reader) throw new Error('the organization has no one-to-one messages');
      const connection = await HttpConnection.open(host.url, reader.authorization);
      const response = await connection.request(messagesIn([{ operator: 'is', operand: 'dm' }]));
      connection.close();
      expect(response.status).toBe(200);
      const { messages } = JSON.parse(response.body) as {
        messages: { display_recipient: { id: number }[]; recipient_id: number }[];
      };
      const oneToOne = messages.filter((m) => m.display_recipient.length === 2);
      expect(oneToOne.length).toBeGreaterThan(0);
      const byPair = new Map<string, Set<number>>();
      for (const m of oneToOne) {
        const pair = m.display_recipient
          .map((person) => person.id)
          .sort()
          .join(',');
        byPair.set(pair, (byPair.get(pair) ?? new Set()).add(m.recipient_id));
      }
      expect([...byPair.values()].every((ids) => ids.size === 1)).toBe(true);
    });

    it('takes sends from the load clients, closed-loop and on a schedule', async () => {
      const before = count(first.dataDir, 'SELECT count(*) FROM messages');
      const clients = await openClients(
        host.url,
        subscribers.slice(0, 5),
        streamMessage(first.manifest.sendStream, first.manifest.sampleContents),
      );
      const saturated = await closedLoop(clients, 0.3, 'sends back to back');
      const scheduled = await openLoop(clients, 40, 0.5, 'sends on a schedule');
      closeClients(clients);
      expect(saturated.requests).toBeGreaterThan(0);
      expect(scheduled.requests).toBe(20);
      expect(count(first.dataDir, 'SELECT count(*) FROM messages')).toBe(
        before + saturated.requests + scheduled.requests,
      );
    });
  });
});
