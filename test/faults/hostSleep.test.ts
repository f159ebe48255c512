import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 55, point 3: a host that slept does not expire its clients' queues
// for its own sleep (nobody could poll it meanwhile: a queue ages only by
// the time the host ran), and sends the scheduled messages due meanwhile
// once, at wake, in order. The sleep is the host's process stopped
// (SIGSTOP) and continued, with queues that expire after 1.5 s unpolled.

const idleMs = 1_500;
let dataDir = '';
let child: ChildProcess;
let url = '';
let authorization = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hearth-host-sleep-'));
  const running = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(import.meta.dirname, '../helpers/sleepyHost.ts'),
      dataDir,
      String(idleMs),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  child = running;
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: running.stdout }).once('line', resolve);
    running.once('exit', (code) => reject(new Error(`the host exited (${code})`)));
  });
  const started = JSON.parse(line) as { url: string; email: string; apiKey: string };
  url = started.url;
  authorization = `Basic ${Buffer.from(`${started.email}:${started.apiKey}`).toString('base64')}`;
});

afterAll(async () => {
  child.kill('SIGCONT');
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
});

const call = async (method: string, path: string, params: Record<string, string>) => {
  const query = new URLSearchParams(params);
  const response = await fetch(`${url}/api/v1${path}${method === 'GET' ? `?${query}` : ''}`, {
    method,
    headers: { authorization },
    ...(method === 'GET' ? {} : { body: query }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};

const register = async () =>
  (await call('POST', '/register', { event_types: '["message"]' })).json as {
    queue_id: string;
    last_event_id: number;
  };

const poll = (queue: { queue_id: string; last_event_id: number }) =>
  call('GET', '/events', {
    queue_id: queue.queue_id,
    last_event_id: String(queue.last_event_id),
    dont_block: 'true',
  });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a host that sleeps', () => {
  it('expires a queue left unpolled while it runs', async () => {
    const queue = await register();
    await pause(idleMs * 3);
    const polled = await poll(queue);
    expect(polled.status).toBe(400);
    expect(polled.json.code).toBe('BAD_EVENT_QUEUE_ID');
  });

  it('does not count its own sleep against a queue, and counts the time it runs after', async () => {
    const queue = await register();
    child.kill('SIGSTOP');
    await pause(idleMs * 3);
    child.kill('SIGCONT');
    const woken = await poll(queue);
    expect(woken.status, JSON.stringify(woken.json)).toBe(200);

    await pause(idleMs * 3);
    expect((await poll(queue)).json.code).toBe('BAD_EVENT_QUEUE_ID');
  });

  it('sends the scheduled messages that fell due while it slept once each, at wake, in order', async () => {
    const general = (await call('GET', '/get_stream_id', { stream: 'general' })).json
      .stream_id as number;
    const due = Math.floor(Date.now() / 1000) + 2;
    const contents = ['first reminder', 'second reminder', 'third reminder'];
    for (const [i, content] of contents.entries()) {
      const scheduled = await call('POST', '/scheduled_messages', {
        type: 'stream',
        to: String(general),
        topic: 'while asleep',
        content,
        scheduled_delivery_timestamp: String(due + i),
      });
      expect(scheduled.status, JSON.stringify(scheduled.json)).toBe(200);
    }
    child.kill('SIGSTOP');
    await pause(6_000);
    child.kill('SIGCONT');
    await pause(1_000);

    const read = await call('GET', '/messages', {
      anchor: 'newest',
      num_before: '20',
      num_after: '0',
      narrow: JSON.stringify([
        { operator: 'channel', operand: general },
        { operator: 'topic', operand: 'while asleep' },
      ]),
      apply_markdown: 'false',
    });
    const sent = (read.json.messages as { content: string }[]).map((message) => message.content);
    expect(sent).toEqual(contents);
    expect((await call('GET', '/scheduled_messages', {})).json.scheduled_messages).toEqual([]);
  });
});
