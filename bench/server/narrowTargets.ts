import type Database from 'better-sqlite3';
import { credentialsOf, type Credentials } from './credentials';
import type { OrgManifest } from './generateOrg';

export type NarrowKind = 'stream+topic' | 'is:unread' | 'pm-with' | 'search';

export interface NarrowCase {
  viewer: Credentials;
  narrow: { operator: string; operand: string }[];
}

export interface NarrowTargets {
  cases: Record<NarrowKind, NarrowCase[]>;
  /** The search words and how many messages of the organization each matches. */
  searchWords: { word: string; matches: number }[];
}

// Content words by frequency rank, from common to rare: what people search
// for varies, and so does what a search costs.
const searchWordRanks = [10, 30, 100, 300];

const spread = <T>(items: readonly T[], count: number): T[] =>
  Array.from({ length: Math.min(count, items.length) }, (_, i) => {
    const item = items[Math.floor((i * items.length) / Math.min(count, items.length))];
    if (item === undefined) throw new Error('spread out of range');
    return item;
  });

function streamTopics(db: Database.Database, count: number): NarrowCase[] {
  const topics = db
    .prepare(
      `SELECT s.name AS stream, m.subject AS topic, m.recipient_id AS recipientId,
         count(*) AS n, max(m.id) AS latest
       FROM messages m JOIN recipients r ON r.id = m.recipient_id AND r.type = 2
       JOIN streams s ON s.id = r.type_id
       GROUP BY m.recipient_id, m.subject HAVING n >= 100 ORDER BY latest DESC LIMIT ?`,
    )
    .all(count) as { stream: string; topic: string; recipientId: number }[];
  const subscribers = db.prepare(
    'SELECT user_id FROM subscriptions WHERE recipient_id = ? AND is_active = 1 ORDER BY user_id',
  );
  return topics.map((topic, index) => {
    const ids = subscribers.pluck().all(topic.recipientId) as number[];
    const viewerId = ids[(index * 7) % ids.length];
    if (viewerId === undefined) throw new Error(`${topic.stream} has no subscribers`);
    const [viewer] = credentialsOf(db, [viewerId]);
    if (!viewer) throw new Error('viewer vanished');
    return {
      viewer,
      narrow: [
        { operator: 'stream', operand: topic.stream },
        { operator: 'topic', operand: topic.topic },
      ],
    };
  });
}

function unreadReaders(db: Database.Database, count: number): NarrowCase[] {
  const ids = db
    .prepare(
      `SELECT user_id FROM user_messages WHERE (flags & 1) = 0
       GROUP BY user_id HAVING count(*) >= 100 ORDER BY user_id`,
    )
    .pluck()
    .all() as number[];
  return credentialsOf(db, spread(ids, count)).map((viewer) => ({
    viewer,
    narrow: [{ operator: 'is', operand: 'unread' }],
  }));
}

function busiestConversations(db: Database.Database, count: number): NarrowCase[] {
  const directions = db
    .prepare(
      `SELECT m.sender_id AS a, r.type_id AS b, count(*) AS n
       FROM messages m JOIN recipients r ON r.id = m.recipient_id AND r.type = 1
       GROUP BY m.sender_id, r.type_id`,
    )
    .all() as { a: number; b: number; n: number }[];
  const pairs = new Map<string, { a: number; b: number; n: number }>();
  for (const { a, b, n } of directions) {
    if (a === b) continue;
    const key = a < b ? `${a},${b}` : `${b},${a}`;
    const pair = pairs.get(key) ?? { a: Math.min(a, b), b: Math.max(a, b), n: 0 };
    pair.n += n;
    pairs.set(key, pair);
  }
  const busiest = [...pairs.values()]
    .filter((pair) => pair.n >= 100)
    .sort((x, y) => y.n - x.n || x.a - y.a || x.b - y.b)
    .slice(0, count);
  return busiest.map((pair) => {
    const [viewer, other] = credentialsOf(db, [pair.a, pair.b]);
    if (!viewer || !other) throw new Error('pair vanished');
    return { viewer, narrow: [{ operator: 'pm-with', operand: other.email }] };
  });
}

function searches(db: Database.Database, manifest: OrgManifest, count: number) {
  const words = searchWordRanks.flatMap((rank) => manifest.words[rank] ?? []);
  const matches = db
    .prepare('SELECT count(*) FROM messages_fts WHERE messages_fts MATCH ?')
    .pluck();
  const searchWords = words.map((word) => ({ word, matches: matches.get(`"${word}"*`) as number }));
  // People in many streams, who have the most to search through.
  const readers = db
    .prepare(
      'SELECT user_id FROM subscriptions GROUP BY user_id ORDER BY count(*) DESC, user_id LIMIT ?',
    )
    .pluck()
    .all(count) as number[];
  const cases = credentialsOf(db, readers).map((viewer, index) => ({
    viewer,
    narrow: [{ operator: 'search', operand: words[index % words.length] ?? '' }],
  }));
  return { cases, searchWords };
}

/** Narrows with at least 100 messages each, and viewers who have them. */
export function narrowTargets(
  db: Database.Database,
  manifest: OrgManifest,
  perKind = 8,
): NarrowTargets {
  const search = searches(db, manifest, perKind);
  return {
    cases: {
      'stream+topic': streamTopics(db, perKind),
      'is:unread': unreadReaders(db, perKind),
      'pm-with': busiestConversations(db, perKind),
      search: search.cases,
    },
    searchWords: search.searchWords,
  };
}
