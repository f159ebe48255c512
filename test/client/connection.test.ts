import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src-main/client/api';
import { NetworkError } from '../../src-main/client/errors';
import { Session, type ConnectionState } from '../../src-main/client/session';
import { startHost, type Host } from '../../src-main/server/host';

// A host restarted on its data folder and port, as the desktop's supervisor does;
// test/helpers/org.ts restarts on a new port, which no open Session could follow.
let dataDir: string;
let host: Host;
const hostOn = (port: number) =>
  startHost({ dataDir, port, queueTimeouts: { heartbeatMs: 1_000 } });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hearth-connection-'));
  host = await hostOn(0);
});

afterAll(async () => {
  await host.close();
  await rm(dataDir, { recursive: true, force: true });
});

const reaches = (session: Session, wanted: ConnectionState): Promise<void> =>
  new Promise((resolve) => {
    if (session.connection === wanted) return resolve();
    const stop = session.on('connection', (state) => {
      if (state !== wanted) return;
      stop();
      resolve();
    });
  });

describe('Session connection', () => {
  it('goes offline when its server stops, and back to connected, still receiving, when it returns', async () => {
    const { owner, url } = host;
    const port = Number(new URL(url).port);
    const session = await Session.open({
      serverUrl: url,
      email: owner.email,
      apiKey: owner.apiKey,
      backoff: { initialMs: 20, maxMs: 100 },
      log: () => undefined,
    });
    const states: ConnectionState[] = [];
    session.on('connection', (state) => states.push(state));

    await host.close();
    await reaches(session, 'offline');
    host = await hostOn(port);
    await reaches(session, 'connected');

    const subscribed = new Promise<void>((resolve) => {
      const stop = session.on('subscriptions', (subs) => {
        if (!subs.some((sub) => sub.name === 'after-restart')) return;
        stop();
        resolve();
      });
    });
    await fetch(`${url}/api/v1/users/me/subscriptions`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`,
      },
      body: new URLSearchParams({ subscriptions: JSON.stringify([{ name: 'after-restart' }]) }),
    });
    await subscribed;

    expect(states[0]).toBe('offline');
    expect(states.at(-1)).toBe('connected');
    expect(session.connection).toBe('connected');
    await session.stop();
  });

  it('reports an unreachable server as a network error, not as an API error', async () => {
    const gone = await startHost({ dataDir: join(dataDir, 'gone'), port: 0 });
    await gone.close();

    const api = createApi({
      serverUrl: gone.url,
      email: gone.owner.email,
      apiKey: gone.owner.apiKey,
    });

    await expect(api.getIdentity()).rejects.toBeInstanceOf(NetworkError);
  });

  it('stops at once while its long-poll is waiting, without cutting the server off mid-request', async () => {
    const patient = await startHost({ dataDir: join(dataDir, 'patient'), port: 0 });
    const session = await Session.open({
      serverUrl: patient.url,
      email: patient.owner.email,
      apiKey: patient.owner.apiKey,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));

    const started = Date.now();
    await session.stop();
    await patient.close();

    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('stops promptly while its server is unreachable', async () => {
    const vanishing = await startHost({ dataDir: join(dataDir, 'vanishing'), port: 0 });
    const session = await Session.open({
      serverUrl: vanishing.url,
      email: vanishing.owner.email,
      apiKey: vanishing.owner.apiKey,
      backoff: { initialMs: 20, maxMs: 100 },
      log: () => undefined,
    });
    await vanishing.close();
    await reaches(session, 'offline');

    const started = Date.now();
    await session.stop();

    expect(Date.now() - started).toBeLessThan(2_500);
  });
});
