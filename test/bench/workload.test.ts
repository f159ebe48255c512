import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRawPages, sendMissed } from '../../bench/client/catchUpBench';
import { fanOutRound } from '../../bench/events/fanOut';
import { hostPolls } from '../../bench/events/pollPaths';
import { PollerGroup } from '../../bench/events/pollers';
import { startProcessProbe } from '../../bench/events/processProbe';
import { registerQueues } from '../../bench/events/registration';
import { deliveryFigure, hostSender } from '../../bench/events/senders';
import { closeClients, openClients, streamMessage } from '../../bench/server/clients';
import type { Credentials } from '../../bench/server/credentials';
import { closedLoop, openLoop } from '../../bench/server/load';
import { readLatencies } from '../../bench/server/reads';
import { ShortWorkload } from '../../bench/server/workload';
import { SoakClient } from '../../bench/soak/soakClient';
import { seedNarrow } from '../../bench/ui/seedNarrows';
import { zulipRateRules } from '../../src-main/server/http/rateLimits';
import { startOrg, type Org, type TestUser } from '../helpers/org';

const credentials = (user: TestUser): Credentials => ({
  id: user.id,
  email: user.email,
  authorization: `Basic ${Buffer.from(`${user.email}:${user.apiKey}`).toString('base64')}`,
});

// Zulip's rules with a per-user budget small enough that each bench's
// workload runs past it within a test.
const BUDGET = 20;
const refused = /was refused: 429 .*RATE_LIMIT_HIT/;

async function stopsWith(work: Promise<unknown>, figure: string, missing: RegExp): Promise<void> {
  const error = await work.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ShortWorkload);
  const short = error as ShortWorkload;
  expect(short.figure).toBe(figure);
  expect(short.missing).toMatch(missing);
  expect(short.message).toBe(`${figure}: ${short.missing}`);
}

describe("each bench's workload check", () => {
  let limited: Org;
  let open: Org;

  beforeAll(async () => {
    limited = await startOrg({
      rateLimits: { ...zulipRateRules, byUser: { windowSeconds: 60, count: BUDGET } },
    });
    open = await startOrg();
  });
  afterAll(async () => {
    await limited.close();
    await open.close();
  });

  /** A user of the rate-limited host, subscribed to `stream`, with the whole budget but one left. */
  const limitedUser = async (name: string, stream: string) => {
    const user = await limited.user(name);
    await limited.subscribe(user, stream);
    return user;
  };

  describe('bench:server', () => {
    it('stops a closed loop of sends at the first refusal, naming the figure', async () => {
      const user = await limitedUser('closed', 'bench');
      const clients = await openClients(
        limited.url,
        [credentials(user)],
        streamMessage('bench', ['hi']),
      );
      const figure = '(a) POST /messages throughput, 1 clients, 1 subscribers';
      await stopsWith(
        closedLoop(clients, 20, figure),
        figure,
        new RegExp(
          `^POST /api/v1/messages ${refused.source}.* \\(after ${BUDGET - 1} accepted\\)$`,
        ),
      );
      closeClients(clients);
    });

    it('stops a scheduled load at the first refusal', async () => {
      const user = await limitedUser('scheduled', 'bench');
      const clients = await openClients(
        limited.url,
        [credentials(user)],
        streamMessage('bench', ['hi']),
      );
      const figure = '(ii) POST /messages at a steady 100/s';
      await stopsWith(openLoop(clients, 100, 1, figure), figure, refused);
      closeClients(clients);
    });

    it('stops reads whose answers hold fewer messages than a page', async () => {
      const viewer = await open.user('reader');
      await open.subscribe(viewer, 'short');
      for (const n of [1, 2, 3]) await open.sendStream(viewer, 'short', 'few', `message ${n}`);
      const figure = '(iii) GET /messages stream+topic, 100 msgs';
      const narrow = [{ operator: 'stream', operand: 'short' }];
      await stopsWith(
        readLatencies(open.url, [{ viewer: credentials(viewer), narrow }], 5, figure),
        figure,
        /^3 of 100 messages in answer 1$/,
      );
    });
  });

  describe('bench:events', () => {
    it('stops when the host refuses a queue registration', async () => {
      const user = await limitedUser('registering', 'bench');
      const queues = BUDGET + 5;
      const figure = `POST /register, 1 users, ${queues} queues`;
      await stopsWith(
        registerQueues(limited.url, [{ credentials: credentials(user), queues }]),
        figure,
        /^POST \/api\/v1\/register was refused: 429/,
      );
    });

    it("stops a fan-out round in which a client's poll does not bring the message", async () => {
      const [subscribed, elsewhere, sender] = await Promise.all(
        ['polling', 'elsewhere', 'fanning'].map((name) => open.user(name)),
      );
      if (!subscribed || !elsewhere || !sender) throw new Error('no users');
      await open.subscribe(subscribed, 'fan-out');
      await open.subscribe(sender, 'fan-out');
      const polling = await Promise.all(
        [subscribed, elsewhere].map(async (user) => {
          const { json } = await open.api(user)('POST', '/register', { event_types: ['message'] });
          return {
            authorization: credentials(user).authorization,
            queueId: json.queue_id as string,
          };
        }),
      );
      const pollers = await PollerGroup.open(open.url, hostPolls(polling));
      const figure = deliveryFigure(2);
      const send = await hostSender(open.url, credentials(sender), 'fan-out', figure);
      const probe = startProcessProbe();
      const options = { rounds: 1, warmup: 0, settleMs: 100, timeoutMs: 1_500, figure };
      await stopsWith(
        fanOutRound(
          { pollers, send: send.send, probe: { ...probe, loop: async () => probe.loop() } },
          0,
          options,
          "the host's round 1",
        ),
        figure,
        /^1 of 2 polls answered in 1500 ms$/,
      );
      send.close();
      pollers.close();
    });

    it('stops when the host refuses the fan-out send', async () => {
      const user = await limitedUser('sending', 'bench');
      const figure = deliveryFigure(1_000);
      const send = await hostSender(limited.url, credentials(user), 'bench', figure);
      for (let n = 0; n < BUDGET - 1; n++) await send.send(n);
      await stopsWith(send.send(BUDGET), figure, /^POST \/api\/v1\/messages was refused: 429/);
      send.close();
    });
  });

  describe('bench:client', () => {
    it('stops the catch-up when the host refuses one of the missed messages', async () => {
      const user = await limitedUser('missing', 'general');
      await stopsWith(
        sendMissed(limited.url, credentials(user).authorization, 50),
        'catch up 50 missed messages',
        /^POST \/messages was refused: 429/,
      );
    });

    it('stops when the raw pages hold fewer messages than were sent', async () => {
      const user = await open.user('catching');
      await open.subscribe(user, 'catch-up');
      const before = await open.sendStream(user, 'catch-up', 't', 'seen');
      for (const n of [1, 2, 3]) await open.sendStream(user, 'catch-up', 't', `missed ${n}`);
      await stopsWith(
        fetchRawPages(open.url, credentials(user).authorization, before, 10),
        'catch up 10 missed messages',
        /^3 of 10 messages in the raw pages$/,
      );
    });
  });

  describe('bench:soak', () => {
    it("stops the soak at the first refusal of a client's traffic", async () => {
      const user = await limitedUser('soaking', 'soak');
      const figure = '1 clients for 1 minutes of mixed traffic over HTTPS';
      const client = await SoakClient.open(limited.url, credentials(user), figure);
      const { json } = await limited.api(user)('GET', '/get_stream_id', { stream: 'soak' });
      const stream = { name: 'soak', id: json.stream_id as number };
      await stopsWith(
        client.act(stream, [credentials(limited.owner)], 5),
        figure,
        /^(POST|GET) \/api\/v1\/[a-z_/]+ was refused: 429/,
      );
      client.close();
    });
  });

  describe('bench:ui', () => {
    it('stops seeding the narrow when the host refuses a message', async () => {
      const user = await limitedUser('seeding', 'long');
      const figure = 'the scroll, DOM, heap and arrival figures (#long, 50 messages)';
      await stopsWith(
        seedNarrow(limited, [user], 'long', 50, 1, figure),
        figure,
        /^POST \/messages was refused: 429/,
      );
    });
  });

  it('ends a stopped bench with one line that names the figure, and exit code 1', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hearth-bench-stop-'));
    try {
      const script = join(dir, 'stopped.ts');
      await writeFile(
        script,
        `import { endBench, ShortWorkload } from ${JSON.stringify(join(process.cwd(), 'bench/server/workload.ts'))};\n` +
          `endBench(new ShortWorkload('catch up 10,000 missed messages', '199 of 10,000 sends acknowledged'));\n`,
      );
      const run = promisify(execFile)(process.execPath, ['--import', 'tsx', script]);
      const failure = (await run.then(
        () => undefined,
        (error: unknown) => error,
      )) as { code: number; stdout: string; stderr: string } | undefined;
      expect(failure?.code).toBe(1);
      expect(failure?.stdout).toBe('');
      expect(failure?.stderr.trim()).toBe(
        '[bench] STOPPED, no figure printed: catch up 10,000 missed messages: ' +
          '199 of 10,000 sends acknowledged. A figure for less work than its label says would mislead.',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
