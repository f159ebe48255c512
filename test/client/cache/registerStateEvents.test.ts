import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionEventOptions } from '../../../src-main/client/cache/registerState';
import { applyEvent } from '../../../src-main/reducer/applyEvent';
import type { InitialState } from '../../../src-main/wire/registerState';
import type { QueuedEvent } from '../../../src-main/wire';
import {
  bob,
  event,
  freshCache,
  me,
  messageEvent,
  noUnread,
  reopen,
  streamMessage,
  subscription,
  tempFolder,
  user,
} from './fixtures';

// The session's state is kept as the state saved whole plus the events
// applied since, so that a poll writes what it brought, not the whole state.

const registered: InitialState = {
  user_id: me.id,
  max_message_id: 40,
  subscriptions: [subscription(1, 'general')],
  realm_users: [user(me), user(bob)],
  unread_msgs: noUnread,
  realm_name: 'Hearth',
};

/** What the file holds, read beside the cache's own connection. */
function stored(file: string): { whole: string; kept: number } {
  const db = new Database(file, { readonly: true });
  try {
    const { state } = db.prepare('SELECT state FROM register_state WHERE id = 1').get() as {
      state: string;
    };
    const { kept } = db.prepare('SELECT count(*) AS kept FROM register_events').get() as {
      kept: number;
    };
    return { whole: state, kept };
  } finally {
    db.close();
  }
}

const applied = (state: InitialState, events: readonly QueuedEvent[]) =>
  events.reduce((each, next) => applyEvent(each, next, sessionEventOptions), state);

describe("the session's saved state", () => {
  it('keeps a poll’s events beside the state saved whole, and rebuilds the same state from both after a restart', () => {
    const file = join(tempFolder(), 'account.db');
    const cache = freshCache(file);
    cache.storeRegister(registered, { queueId: 'queue-1', lastEventId: 3 });
    const events = [
      messageEvent(streamMessage(41, { sender: bob })),
      event('realm', { op: 'update', property: 'name', value: 'Renamed' }),
    ];
    const live = applied(registered, events);
    cache.recordStateEvents(live, events, { queueId: 'queue-1', lastEventId: 9 });

    // Two small events did not write the whole state again.
    expect(stored(file)).toEqual({ whole: JSON.stringify(registered), kept: 2 });
    const restarted = reopen(cache, file).loadRegisterState();
    expect(restarted).toEqual({ state: live, queueId: 'queue-1', lastEventId: 9 });
    expect(restarted?.state).toMatchObject({ max_message_id: 41, realm_name: 'Renamed' });
  });

  it('moves the position on for a poll of heartbeats alone', () => {
    const file = join(tempFolder(), 'account.db');
    const cache = freshCache(file);
    cache.storeRegister(registered, { queueId: 'queue-1', lastEventId: 3 });
    cache.recordStateEvents(registered, [], { queueId: 'queue-1', lastEventId: 4 });
    expect(reopen(cache, file).loadRegisterState()).toEqual({
      state: registered,
      queueId: 'queue-1',
      lastEventId: 4,
    });
    expect(stored(file).kept).toBe(0);
  });

  it('saves the state whole again once the events kept outweigh it, and lets them go', () => {
    const file = join(tempFolder(), 'account.db');
    const cache = freshCache(file);
    cache.storeRegister(registered, { queueId: 'queue-1', lastEventId: 0 });
    let live = registered;
    let rewrittenAt = 0;
    for (let n = 1; n <= 40 && rewrittenAt === 0; n += 1) {
      const events = [messageEvent(streamMessage(40 + n, { sender: bob }))];
      live = applied(live, events);
      cache.recordStateEvents(live, events, { queueId: 'queue-1', lastEventId: n });
      if (stored(file).whole !== JSON.stringify(registered)) rewrittenAt = n;
    }
    // Not with every event, and not never.
    expect(rewrittenAt).toBeGreaterThan(1);
    expect(stored(file)).toEqual({ whole: JSON.stringify(live), kept: 0 });
    expect(reopen(cache, file).loadRegisterState()).toEqual({
      state: live,
      queueId: 'queue-1',
      lastEventId: rewrittenAt,
    });
  });

  it('is not used when a kept event cannot be read: the session registers afresh', () => {
    const file = join(tempFolder(), 'account.db');
    const cache = freshCache(file);
    cache.storeRegister(registered, { queueId: 'queue-1', lastEventId: 3 });
    const events = [messageEvent(streamMessage(41, { sender: bob }))];
    cache.recordStateEvents(applied(registered, events), events, {
      queueId: 'queue-1',
      lastEventId: 4,
    });
    const reopened = reopen(cache, file);
    const db = new Database(file);
    db.prepare('UPDATE register_events SET event = \'{"id": 4\'').run();
    db.close();
    expect(reopened.loadRegisterState()).toBeNull();
  });
});
