import { setTimeout as pause } from 'node:timers/promises';
import type { Credentials } from '../server/credentials';
import { HttpConnection } from '../server/httpConnection';
import { log, type Row } from '../server/report';
import { ShortWorkload } from '../server/workload';
import type { FaultyHost } from './faultyHost';
import { addTallies, type SoakClient } from './soakClient';

// Issue 55, point 6: the faults a laptop meets, each brought on while every
// client goes on with its traffic, after the soak's plain minutes (whose
// memory they would blur). When each comes, from the end of those minutes,
// and when the soak ends.
const FULL_DISK_AFTER_MS = 30_000;
const SLEEP_AFTER_MS = 90_000;
const KILL_AFTER_MS = 180_000;
export const FAULTS_LAST_MS = 240_000;
const FULL_FOR_MS = 20_000;
// Past the queues' idle time by half: a host that aged them by the wall
// clock would have dropped every one.
const SLEEP_SHARE_OF_IDLE = 1.5;
const SAVED_AGAIN_WITHIN_MS = 1_000;
// How long every client gets to hear of a message sent after a fault.
const HEARD_WITHIN_MS = 60_000;

const seconds = (ms: number) => `${(ms / 1_000).toFixed(1)} s`;

export interface Faults {
  rows: Row[];
  /** Messages the faults sent to the stream, which every client must receive. */
  sentToStream: number[];
}

/**
 * Brings on a full disk, a sleep and a kill, in that order, from `from` (a
 * Date.now()), while `clients` keep up their traffic, and gives a figure for
 * each: what was refused, how soon the host saved and delivered again, and
 * how many queues it lost. Settles once the last fault has passed.
 */
export async function bringFaults(
  host: FaultyHost,
  clients: readonly SoakClient[],
  sender: Credentials,
  stream: string,
  from: number,
): Promise<Faults> {
  const figure = 'the faults during the soak';
  const sentToStream: number[] = [];
  const rows: Row[] = [];
  const tally = () => addTallies(clients.map((client) => client.tally));
  const until = (afterMs: number) => pause(Math.max(0, from + afterMs - Date.now()));
  const probe = async (what: string) => {
    const sent = await sendOnce(host.url, sender, stream, what);
    if (sent.id === null) throw new ShortWorkload(figure, `the message ${what} was refused`);
    sentToStream.push(sent.id);
    return sent.id;
  };
  const everyoneHears = async (id: number): Promise<number | null> => {
    const from = performance.now();
    while (!clients.every((client) => client.hasReceived(id))) {
      if (performance.now() - from > HEARD_WITHIN_MS) return null;
      await pause(50);
    }
    return performance.now() - from;
  };
  const heardRow = (label: string, took: number | null): Row => ({
    figure: label,
    value: took === null ? `not within ${seconds(HEARD_WITHIN_MS)}` : seconds(took),
    target: `<= ${seconds(HEARD_WITHIN_MS)}`,
    met: took !== null,
  });

  await until(FULL_DISK_AFTER_MS);
  log(`filling the host's disk for ${seconds(FULL_FOR_MS)}`);
  const refusedBefore = tally().diskFull;
  host.fillDisk();
  await pause(FULL_FOR_MS);
  const refused = tally().diskFull - refusedBefore;
  if (refused === 0) {
    throw new ShortWorkload(
      figure,
      `the disk was full for ${seconds(FULL_FOR_MS)} and no change was refused`,
    );
  }
  await host.freeDisk();
  const freedAt = performance.now();
  let saved: number | null = null;
  while (saved === null && performance.now() - freedAt < 10 * SAVED_AGAIN_WITHIN_MS) {
    saved = (await sendOnce(host.url, sender, stream, 'after the disk was freed')).id;
  }
  const savedAfter = performance.now() - freedAt;
  if (saved !== null) sentToStream.push(saved);
  rows.push(
    {
      figure: `full disk for ${seconds(FULL_FOR_MS)}: changes refused 507 DISK_FULL`,
      value: refused.toLocaleString('en'),
    },
    {
      figure: 'full disk: first message saved after space was freed',
      value: saved === null ? `none within ${seconds(savedAfter)}` : `${Math.round(savedAfter)} ms`,
      target: `<= ${SAVED_AGAIN_WITHIN_MS} ms`,
      met: saved !== null && savedAfter <= SAVED_AGAIN_WITHIN_MS,
    },
  );

  await until(SLEEP_AFTER_MS);
  const sleepMs = host.queueIdleMs * SLEEP_SHARE_OF_IDLE;
  log(`stopping the host for ${seconds(sleepMs)}, as a sleep stops it`);
  const registeredBeforeSleep = tally().registeredAgain;
  host.sleep();
  await pause(sleepMs);
  host.wake();
  rows.push(
    heardRow(
      `sleep of ${seconds(sleepMs)} (queues idle out after ${seconds(host.queueIdleMs)}): every client hears a new message within`,
      await everyoneHears(await probe('after the sleep')),
    ),
  );
  const lostInSleep = tally().registeredAgain - registeredBeforeSleep;
  rows.push({
    figure: 'sleep: queues lost',
    value: `${lostInSleep} of ${clients.length}`,
    target: '0',
    met: lostInSleep === 0,
  });

  await until(KILL_AFTER_MS);
  log('killing the host (SIGKILL) and starting it again');
  const before = tally();
  const servingAfter = await host.killAndStartAgain();
  const heard = await everyoneHears(await probe('after the kill'));
  const after = tally();
  rows.push(
    { figure: 'kill: host serving again after', value: seconds(servingAfter) },
    heardRow('kill: every client hears a new message within', heard),
    {
      figure: 'kill: requests cut off, their outcome unknown to the client',
      value: String(after.cutOff - before.cutOff),
    },
    {
      figure: 'kill: queues kept',
      value: `${clients.length - (after.registeredAgain - before.registeredAgain)} of ${clients.length}`,
    },
  );
  await until(FAULTS_LAST_MS);
  return { rows, sentToStream };
}

/** One message to the stream over a connection of its own; its ID, or null if the host refused it. */
async function sendOnce(
  url: string,
  sender: Credentials,
  stream: string,
  topic: string,
): Promise<{ id: number | null }> {
  const connection = await HttpConnection.open(url, sender.authorization);
  try {
    const answer = await connection.request({
      method: 'POST',
      path: '/api/v1/messages',
      body: new URLSearchParams({ type: 'stream', to: stream, topic, content: topic }).toString(),
    });
    if (answer.status !== 200) return { id: null };
    return { id: (JSON.parse(answer.body) as { id: number }).id };
  } finally {
    connection.close();
  }
}
