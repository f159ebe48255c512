import './englishWindow';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src-preload/bridge';
import { holdsMessage, mergeMessages } from '../../src-renderer/src/lib/sortedMessages';

const message = (id: number, content = `<p>${id}</p>`): Message =>
  ({ id, content, flags: [] }) as unknown as Message;

const ids = (messages: readonly Message[]) => messages.map((each) => each.id);

describe('merging messages into a narrow', () => {
  it('puts older and newer pages, and arrivals in any order, in order of ID', () => {
    const shown = [message(10), message(20), message(30)];
    expect(ids(mergeMessages(shown, [message(40)]))).toEqual([10, 20, 30, 40]);
    expect(ids(mergeMessages([message(1), message(5)], shown))).toEqual([1, 5, 10, 20, 30]);
    expect(ids(mergeMessages(shown, [message(35), message(15), message(5)]))).toEqual([
      5, 10, 15, 20, 30, 35,
    ]);
    expect(mergeMessages(shown, [])).toEqual(shown);
    expect(ids(mergeMessages([], [message(2), message(1)]))).toEqual([1, 2]);
  });

  it('keeps one copy of each message, the incoming one, and the later of two in one batch', () => {
    const shown = [message(10), message(20, 'old'), message(30)];
    const merged = mergeMessages(shown, [message(20, 'edited'), message(20, 'edited again')]);
    expect(ids(merged)).toEqual([10, 20, 30]);
    expect(merged[1]?.content).toBe('edited again');
    expect(merged[0]).toBe(shown[0]);
    expect(merged[2]).toBe(shown[2]);
  });

  it('finds whether a narrow holds a message, at either end, between two and beyond both', () => {
    const shown = [message(10), message(20), message(30)];
    expect([10, 20, 30].map((id) => holdsMessage(shown, id))).toEqual([true, true, true]);
    expect([5, 15, 25, 35].map((id) => holdsMessage(shown, id))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(holdsMessage([], 10)).toBe(false);
  });

  it('leaves the messages before the first incoming one as they were', () => {
    const shown = [message(10), message(20), message(30)];
    const merged = mergeMessages(shown, [message(25)]);
    expect(ids(merged)).toEqual([10, 20, 25, 30]);
    expect(merged[0]).toBe(shown[0]);
    expect(merged[1]).toBe(shown[1]);
    expect(merged[3]).toBe(shown[2]);
  });
});
