import { subscriptionSchema, type Subscription } from '../../wire';
import type { CacheDb } from './cacheDb';
import type { StreamEvent, SubscriptionUpdateEvent } from '../../wire';

const upsertSql = `INSERT OR REPLACE INTO subscriptions (stream_id, name, is_muted, json)
  VALUES (?, ?, ?, ?)`;

function putSubscription(db: CacheDb, subscription: Subscription): void {
  // Subscriber lists change with every peer event and the sidebar never shows them.
  const kept: Subscription = { ...subscription };
  delete kept.subscribers;
  db.run(upsertSql, kept.stream_id, kept.name, kept.is_muted ? 1 : 0, JSON.stringify(kept));
}

export function replaceSubscriptions(db: CacheDb, subscriptions: readonly Subscription[]): void {
  db.run('DELETE FROM subscriptions');
  for (const subscription of subscriptions) putSubscription(db, subscription);
}

export function addSubscriptions(db: CacheDb, subscriptions: readonly Subscription[]): void {
  for (const subscription of subscriptions) putSubscription(db, subscription);
}

export function removeSubscriptions(db: CacheDb, streamIds: readonly number[]): void {
  db.run(
    'DELETE FROM subscriptions WHERE stream_id IN (SELECT value FROM json_each(?))',
    JSON.stringify(streamIds),
  );
}

function setProperty(db: CacheDb, streamId: number, property: string, value: unknown): void {
  const row = db.get<{ json: string }>(
    'SELECT json FROM subscriptions WHERE stream_id = ?',
    streamId,
  );
  if (!row) return;
  const parsed = subscriptionSchema.safeParse({ ...JSON.parse(row.json), [property]: value });
  if (!parsed.success) return;
  putSubscription(db, parsed.data);
}

// Zulip still sends in_home_view, the inverse of is_muted, and keeps both in step.
export function updateSubscription(db: CacheDb, event: SubscriptionUpdateEvent): void {
  if (event.property === 'in_home_view' || event.property === 'is_muted') {
    const muted = event.property === 'is_muted' ? event.value === true : event.value !== true;
    setProperty(db, event.stream_id, 'is_muted', muted);
    setProperty(db, event.stream_id, 'in_home_view', !muted);
    return;
  }
  setProperty(db, event.stream_id, event.property, event.value);
}

export function applyStreamEvent(db: CacheDb, event: StreamEvent): void {
  if (event.op === 'update') {
    setProperty(db, event.stream_id, event.property, event.value);
    if (event.rendered_description !== undefined) {
      setProperty(db, event.stream_id, 'rendered_description', event.rendered_description);
    }
    if (event.history_public_to_subscribers !== undefined) {
      const history = event.history_public_to_subscribers;
      setProperty(db, event.stream_id, 'history_public_to_subscribers', history);
    }
  } else if (event.op === 'delete') {
    removeSubscriptions(
      db,
      event.stream_ids ?? (event.streams ?? []).map((stream) => stream.stream_id),
    );
  }
}

/** The subscribed streams, by name as Zulip's sidebar orders them. */
export function listSubscriptions(db: CacheDb): Subscription[] {
  return db
    .all<{ json: string }>('SELECT json FROM subscriptions ORDER BY name')
    .map((row) => subscriptionSchema.parse(JSON.parse(row.json)));
}

export function subscriptionOf(db: CacheDb, streamId: number): Subscription | null {
  const row = db.get<{ json: string }>(
    'SELECT json FROM subscriptions WHERE stream_id = ?',
    streamId,
  );
  return row ? subscriptionSchema.parse(JSON.parse(row.json)) : null;
}

export function streamName(db: CacheDb, streamId: number): string | null {
  return (
    db.get<{ name: string }>('SELECT name FROM subscriptions WHERE stream_id = ?', streamId)
      ?.name ?? null
  );
}

// Zulip's stream names are unique without regard to case.
export function streamIdByName(db: CacheDb, name: string): number | null {
  return (
    db.get<{ stream_id: number }>('SELECT stream_id FROM subscriptions WHERE name = ?', name)
      ?.stream_id ?? null
  );
}
