import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src-main/client/api';
import { BridgeArgumentError, createBridgeService } from '../../src-main/client/bridgeService';
import { Session } from '../../src-main/client/session';
import {
  invokeBridgeCall,
  isBridgeCallName,
  type BridgeEventName,
  type BridgeService,
  type EventPayload,
} from '../../src-preload/bridge';
import { startOrg, type Org, type TestUser } from '../helpers/org';

let org: Org;
let alice: TestUser;
let bob: TestUser;
let session: Session;
let service: BridgeService;
const requests: string[] = [];

beforeAll(async () => {
  org = await startOrg({ queueTimeouts: { heartbeatMs: 1_000 } });
  alice = await org.user('alice');
  bob = await org.user('bob');
  await org.subscribe(alice, 'general');
  await org.subscribe(bob, 'general');
  session = await Session.open({
    serverUrl: org.url,
    email: alice.email,
    apiKey: alice.apiKey,
    log: () => undefined,
    // Records every request, to show which calls never reach the server.
    fetch: (input, init) => {
      requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      return fetch(input, init);
    },
  });
  service = createBridgeService(session);
});

afterAll(async () => {
  await session.stop();
  await org.close();
});

const nextPush = <K extends BridgeEventName>(
  wanted: K,
  accept: (payload: EventPayload<K>) => boolean,
): Promise<EventPayload<K>> =>
  new Promise((resolve) => {
    const stop = service.subscribe((event: BridgeEventName, payload: unknown) => {
      if (event !== wanted || !accept(payload as EventPayload<K>)) return;
      stop();
      resolve(payload as EventPayload<K>);
    });
  });

describe('bridge service', () => {
  it('gives a snapshot of the account, its realm, subscriptions and connection', async () => {
    const snapshot = await service.getSnapshot({});

    expect(snapshot).toMatchObject({
      user: { userId: alice.id, email: alice.email, fullName: alice.fullName },
      realmName: org.realmName,
      connection: 'connected',
    });
    expect(snapshot.subscriptions.map((subscription) => subscription.name)).toEqual(['general']);
  });

  it('pushes a message another user sent', async () => {
    const pushed = nextPush('message', (message) => message.subject === 'bridge');
    const bobApi = createApi({ serverUrl: org.url, email: bob.email, apiKey: bob.apiKey });

    const id = await bobApi.sendStreamMessage({
      stream: 'general',
      topic: 'bridge',
      content: 'Over the bridge',
    });

    expect(await pushed).toMatchObject({
      id,
      sender_id: bob.id,
      content: '<p>Over the bridge</p>',
    });
  });

  it('sends a message and returns an id that getMessages then returns', async () => {
    const { id } = await service.sendMessage({
      stream: 'general',
      topic: 'round trip',
      content: 'there and back',
    });

    const messages = await service.getMessages({ stream: 'general', topic: 'round trip' });

    expect(messages.map((message) => message.id)).toEqual([id]);
  });

  it('pushes nothing to a listener that has unsubscribed', async () => {
    const received: string[] = [];
    const stop = service.subscribe((event) => received.push(event));
    stop();
    const pushed = nextPush('message', (message) => message.subject === 'quiet');

    await service.sendMessage({ stream: 'general', topic: 'quiet', content: 'shh' });
    await pushed;

    expect(received).toEqual([]);
  });

  it.each([
    ['an empty stream name', 'sendMessage', { stream: ' ', topic: 'a', content: 'b' }],
    [
      'a topic longer than 60 characters',
      'sendMessage',
      { stream: 'general', topic: 'x'.repeat(61), content: 'b' },
    ],
    [
      'content longer than 10000 characters',
      'sendMessage',
      { stream: 'general', topic: 'a', content: 'x'.repeat(10_001) },
    ],
    ['a missing content', 'sendMessage', { stream: 'general', topic: 'a' }],
    ['a stream given as a number', 'getMessages', { stream: 7 }],
    ['no arguments at all', 'getMessages', undefined],
    ['a string instead of an object', 'getSnapshot', 'all of it'],
  ] as const)('rejects %s without asking the server', async (_case, name, args) => {
    const before = requests.length;

    await expect(invokeBridgeCall(service, name, args)).rejects.toBeInstanceOf(BridgeArgumentError);
    await expect(service[name](args as never)).rejects.toThrow(`${name}: invalid arguments`);
    expect(requests.slice(before)).toEqual([]);
  });

  it('knows the names of the contract’s calls and no others', () => {
    expect(['getSnapshot', 'getMessages', 'sendMessage'].every(isBridgeCallName)).toBe(true);
    expect(isBridgeCallName('subscribe')).toBe(false);
    expect(isBridgeCallName('constructor')).toBe(false);
  });
});
