import { describe, expect, it } from 'vitest';
import { figureRows } from '../../bench/events/figures';
import { measureEvents } from '../../bench/events/measure';
import { queueMix } from '../../bench/events/queueMix';
import { formatTable } from '../../bench/server/report';

describe('the event queue benchmark', () => {
  it('spreads the queues over users, most with one or two', () => {
    const counts = queueMix(10_000);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(10_000);
    expect(counts).toHaveLength(4_000);
    expect(counts.filter((count) => count <= 2).length / counts.length).toBe(0.6);
    expect(queueMix(20).reduce((sum, count) => sum + count, 0)).toBe(20);
  });

  it('measures memory, delivery to every poller beside the bare server, and stalls', async () => {
    const lines: string[] = [];
    const { figures, phases } = await measureEvents(
      { queues: 20, pollers: 10, rounds: 2, warmup: 1 },
      { log: (line) => lines.push(line) },
    );

    for (const result of [figures.fanOut.host, figures.fanOut.bare]) {
      expect(result.expected).toBe(20);
      expect(result.delivered).toBe(20);
      expect(result.fromAck).toHaveLength(20);
      expect(result.roundP99s).toHaveLength(2);
      expect(result.fromSend.every((latency) => latency > 0)).toBe(true);
    }
    expect(figures.users).toBe(10);
    const { memory } = figures;
    for (const sample of [
      memory.signedInOnce,
      memory.signedIn,
      memory.idle,
      memory.polling,
      memory.afterFanOut,
      memory.bareIdle,
      memory.barePolling,
    ]) {
      expect(sample.rss).toBeGreaterThan(sample.heapUsed);
    }
    expect(figures.stalls.map(({ phase }) => phase)).toEqual([
      'every user signs in',
      'every user signs in again',
      '20 queues register',
      '10 clients start polling',
    ]);
    expect(phases.map(({ name }) => name)).toEqual([
      ...figures.stalls.map(({ phase }) => phase),
      'fan-out rounds',
    ]);
    const stalls = [
      ...figures.stalls.flatMap(({ host, bare }) => [host, bare]),
      ...Object.values(figures.fanOut.host.stalls),
      ...Object.values(figures.fanOut.bare.stalls),
    ];
    expect(stalls.every((stall) => Number.isFinite(stall) && stall >= 0)).toBe(true);
    expect(lines[0]).toMatch(/^10 users set up/);

    const table = formatTable(figureRows(figures));
    expect(table).toMatch(
      /delivery to 10 clients after the send's ack, p99 of the median round +\| -?[\d.]+ ms/,
    );
    expect(table).toMatch(/resident memory per idle queue, 20 registered +\| -?[\d.]+ KB/);
    expect(table).toMatch(/longest event-loop stall: 20 queues register +\| [\d.]+ ms/);
    expect(table).toMatch(
      /longest event-loop stall: polls or delivery in warm-up rounds \(1\) +\| [\d.]+ ms/,
    );
  }, 120_000);
});
