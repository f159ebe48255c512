import { describe, expect, it } from 'vitest';
import type { NoticeRecord } from '../../src-main/server/events/noticeRecord';
import { PendingEvents } from '../../src-main/server/events/pendingEvents';

const heartbeat: NoticeRecord = { kind: 'heartbeat' };

function listed(events: PendingEvents): [number, string | null][] {
  const seen: [number, string | null][] = [];
  events.forEach((id, _record, part) => seen.push([id, part]));
  return seen;
}

function holding(...ids: number[]): PendingEvents {
  const events = new PendingEvents();
  for (const id of ids) events.push(id, heartbeat, `part ${id}`);
  return events;
}

describe("a queue's pending events", () => {
  it('drops the acknowledged ones and keeps the rest in order', () => {
    const events = holding(4, 5, 6, 7);

    expect(events.dropThrough(5)).toBe(5);
    expect(listed(events)).toEqual([
      [6, 'part 6'],
      [7, 'part 7'],
    ]);
    expect(events.size).toBe(2);
    expect(events.lastId).toBe(7);
  });

  it('drops nothing, and says so, for an ID older than every event', () => {
    const events = holding(4, 5);

    expect(events.dropThrough(3)).toBeUndefined();
    expect(listed(events).map(([id]) => id)).toEqual([4, 5]);
  });

  it('empties, then takes new events after the old ones are gone', () => {
    const events = holding(4, 5, 6);

    expect(events.dropThrough(6)).toBe(6);
    expect(events.size).toBe(0);
    expect(events.lastId).toBeUndefined();
    events.push(7, heartbeat, null);
    events.push(8, heartbeat, 'part 8');

    expect(listed(events)).toEqual([
      [7, null],
      [8, 'part 8'],
    ]);
  });

  it('keeps order across many rounds of appending and partial acknowledgement', () => {
    const events = new PendingEvents();
    let next = 0;
    let acknowledged = -1;
    for (let round = 0; round < 50; round++) {
      for (let count = 0; count < (round % 4) + 1; count++) events.push(next++, heartbeat, null);
      acknowledged = Math.max(acknowledged, next - 2);
      events.dropThrough(acknowledged);
      expect(listed(events).map(([id]) => id)).toEqual(
        Array.from({ length: next - 1 - acknowledged }, (_, index) => acknowledged + 1 + index),
      );
    }
  });
});
