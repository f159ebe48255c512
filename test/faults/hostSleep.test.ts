import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 55, point 3: a host that slept does not expire its clients' queues
// for its own sleep. Nobody could poll it meanwhile: a queue ages only by
// the time the host ran. The sleep is the host's process stopped
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
});
