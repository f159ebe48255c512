import { describe, expect, it } from 'vitest';
import { storedDeliveries } from '../../src-main/server/events/persisted';
import { EventQueue, type QueueSettings } from '../../src-main/server/events/queue';

const settings: QueueSettings = {
  userId: 1,
  eventTypes: null,
  applyMarkdown: true,
  clientGravatar: false,
  allPublicStreams: false,
  narrow: [],
  bulkMessageDeletion: true,
};

const queueAt = (id: string, newestPrunedId: number) =>
  new EventQueue(id, settings, { newestPrunedId, lastActivity: 0, events: [] });

describe("a notice's stored deliveries", () => {
  it("list each queue's ID, next event ID and parts, escaped as JSON", () => {
    const stored = storedDeliveries([
      { queue: queueAt('17:0', 4), parts: ['["read","starred"]'] },
      { queue: queueAt('17:1', -1), parts: [null] },
      { queue: queueAt('17:2', 9), parts: ['41', '42', 'say "hi"\\'] },
      { queue: queueAt('17:3', 0), parts: ['["read","starred"]'] },
    ]);

    expect(JSON.parse(stored)).toEqual([
      ['17:0', 5, ['["read","starred"]']],
      ['17:1', 0, [null]],
      ['17:2', 10, ['41', '42', 'say "hi"\\']],
      ['17:3', 1, ['["read","starred"]']],
    ]);
  });

  it('stay whole for thousands of queues, one after another', () => {
    const queues = Array.from({ length: 3000 }, (_, index) =>
      queueAt(`1700000000:${index}`, index),
    );
    const many = (flags: string) => queues.map((queue) => ({ queue, parts: [flags] }));
    storedDeliveries(many('["read"]'));
    const stored = JSON.parse(storedDeliveries(many('["mentioned","hé"]'))) as unknown[];
    expect(stored).toHaveLength(3000);
    expect(stored[2999]).toEqual(['1700000000:2999', 3000, ['["mentioned","hé"]']]);
    expect(JSON.parse(storedDeliveries([]))).toEqual([]);
  });

  it('are an empty list for no queue', () => {
    expect(JSON.parse(storedDeliveries([]))).toEqual([]);
  });
});
