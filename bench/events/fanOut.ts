import { setTimeout as settle } from 'node:timers/promises';
import { summarize } from '../server/percentiles';
import { requireAll } from '../server/workload';
import type { PollerGroup } from './pollers';
import type { Probe } from './probes';

/** When the send was written, and when its acknowledgement had arrived (performance.now()). */
export interface SendTiming {
  issuedAt: number;
  ackedAt: number;
}

export interface FanOutTarget<A> {
  pollers: PollerGroup;
  send(argument: A): Promise<SendTiming>;
  /** The server's process, for its event-loop stalls. */
  probe: Probe;
}

export interface FanOutResult {
  /** Each client's answer after the send's acknowledgement, in ms; negative if it came first. */
  fromAck: number[];
  /** The p99 of `fromAck` within each measured round, in round order. */
  roundP99s: number[];
  /** Each client's answer after the send was written, in ms. */
  fromSend: number[];
  /** Answers that arrived before the send's acknowledgement. */
  beforeAck: number;
  delivered: number;
  expected: number;
  /** The server's longest event-loop stalls over the measured rounds, in ms. */
  stalls: {
    /** While every client's next poll arrives at once, as after each delivery. */
    polls: number;
    /** From the send to the last answer. */
    delivery: number;
    /** Either, in the warm-up rounds, while the code is still cold. */
    warmup: number;
  };
}

export interface FanOutOptions {
  rounds: number;
  /** Rounds run first and discarded. */
  warmup: number;
  /** Time for every poll to reach the server before the send. */
  settleMs: number;
  timeoutMs: number;
  /** The figure the rounds are for, named if a round's delivery falls short. */
  figure: string;
}

function emptyResult(): FanOutResult {
  return {
    fromAck: [],
    roundP99s: [],
    fromSend: [],
    beforeAck: 0,
    delivered: 0,
    expected: 0,
    stalls: { polls: 0, delivery: 0, warmup: 0 },
  };
}

/**
 * One round: every client polls, the message is sent, every answer is
 * collected. The probe is asked when the server has nothing else to do:
 * before the polls and once every answer is in. Each poll must bring that
 * round's message, and only it: an answer without it (or with an earlier
 * one) times something else, and stops the bench.
 */
export async function fanOutRound<A>(
  target: FanOutTarget<A>,
  argument: A,
  options: FanOutOptions,
  label: string,
) {
  await target.probe.loop();
  target.pollers.pollAll();
  await settle(options.settleMs);
  const polls = await target.probe.loop();
  const timing = await target.send(argument);
  const collected = await target.pollers.collect(options.timeoutMs, options.figure);
  const { size } = target.pollers;
  requireAll(options.figure, `polls that brought ${label}'s message`, collected.withMessage, size);
  requireAll(options.figure, `message events in ${label}`, collected.messages, size);
  const delivery = await target.probe.loop();
  return { timing, collected, stalls: { polls: polls.maxMs, delivery: delivery.maxMs } };
}

type Round = Awaited<ReturnType<typeof fanOutRound>>;

function record(result: FanOutResult, { timing, collected, stalls }: Round, size: number): void {
  result.delivered += collected.messages;
  result.expected += size;
  result.stalls.polls = Math.max(result.stalls.polls, stalls.polls);
  result.stalls.delivery = Math.max(result.stalls.delivery, stalls.delivery);
  const fromAck = collected.arrivals.map((at) => at - timing.ackedAt);
  result.fromAck.push(...fromAck);
  result.roundP99s.push(summarize(fromAck).p99);
  for (const at of collected.arrivals) {
    result.fromSend.push(at - timing.issuedAt);
    if (at < timing.ackedAt) result.beforeAck += 1;
  }
}

// Warm-up rounds count for the stalls only: a stall there is as real to a user.
function warmedUp(result: FanOutResult, { stalls }: Round): void {
  result.stalls.warmup = Math.max(result.stalls.warmup, stalls.polls, stalls.delivery);
}

/**
 * One message to every polling client of the host, then the same to the
 * baseline's, round after round, so that both meet the same moments of the
 * machine. The baseline sends the event the host delivered in its first round.
 */
export async function fanOutRounds(
  host: FanOutTarget<number>,
  bare: FanOutTarget<string>,
  options: FanOutOptions,
): Promise<{ host: FanOutResult; bare: FanOutResult }> {
  const results = { host: emptyResult(), bare: emptyResult() };
  let event: string | undefined;
  for (let index = 0; index < options.warmup + options.rounds; index++) {
    const hostRound = await fanOutRound(host, index, options, `the host's round ${index + 1}`);
    event ??= hostRound.collected.messageEvent;
    if (event === undefined) throw new Error('the host delivered no message event to copy');
    const bareRound = await fanOutRound(
      bare,
      event,
      options,
      `the bare server's round ${index + 1}`,
    );
    if (index < options.warmup) {
      warmedUp(results.host, hostRound);
      warmedUp(results.bare, bareRound);
      continue;
    }
    record(results.host, hostRound, host.pollers.size);
    record(results.bare, bareRound, bare.pollers.size);
  }
  return results;
}
