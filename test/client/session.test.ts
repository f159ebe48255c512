import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src-main/client/api';
import { ApiError } from '../../src-main/client/errors';
import { Session, type SessionEvents } from '../../src-main/client/session';
import { startOrg, type Org, type TestUser } from '../helpers/org';

const fastBackoff = { initialMs: 20, maxMs: 200 };
let org: Org;
let alice: TestUser;
let bob: TestUser;
const sessions: Session[] = [];

beforeAll(async () => {
  org = await startOrg({ queueTimeouts: { heartbeatMs: 1_000 } });
  alice = await org.user('alice');
  bob = await org.user('bob');
  await org.subscribe(alice, 'general');
  await org.subscribe(bob, 'general');
});

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.stop()));
});

afterAll(() => org.close());

const openSession = async (user: TestUser): Promise<Session> => {
  const session = await Session.open({
    serverUrl: org.url,
    email: user.email,
    apiKey: user.apiKey,
    backoff: fastBackoff,
    log: () => undefined,
  });
  sessions.push(session);
  return session;
};

const apiOf = (user: TestUser) =>
  createApi({ serverUrl: org.url, email: user.email, apiKey: user.apiKey });

const next = <E extends keyof SessionEvents>(
  session: Session,
  event: E,
  accept: (payload: SessionEvents[E]) => boolean = () => true,
): Promise<SessionEvents[E]> =>
  new Promise((resolve) => {
    const stop = session.on(event, (payload) => {
      if (!accept(payload)) return;
      stop();
      resolve(payload);
    });
  });

describe('Session', () => {
  it('opens with the profile, realm name and subscriptions of its account, connected', async () => {
    const session = await openSession(alice);

    expect(session.identity).toEqual({
      user_id: alice.id,
      email: alice.email,
      full_name: alice.fullName,
    });
    expect(session.realmName).toBe(org.realmName);
    expect(session.state.subscriptions.map((subscription) => subscription.name)).toEqual([
      'general',
    ]);
    expect(session.connection).toBe('connected');
  });

  it('receives, through its event queue, a message another user sent', async () => {
    const session = await openSession(alice);
    const delivered = next(session, 'message', (message) => message.subject === 'lunch');

    const id = await apiOf(bob).sendStreamMessage({
      stream: 'general',
      topic: 'lunch',
      content: 'Pizza at *noon*?',
    });

    const message = await delivered;
    expect(message).toMatchObject({ id, sender_email: bob.email, display_recipient: 'general' });
    expect(message.content).toContain('<em>noon</em>');
    expect(session.state.recentMessages.map((recent) => recent.id)).toContain(id);
  });

  it('sends a stream message whose id the newest messages of its topic then include', async () => {
    const session = await openSession(alice);

    const id = await session.sendStreamMessage({
      stream: 'general',
      topic: 'plans',
      content: 'Ship it',
    });

    const messages = await session.getMessages({ stream: 'general', topic: 'plans' });
    expect(messages.map((message) => message.id)).toContain(id);
    expect(messages.every((message) => message.subject === 'plans')).toBe(true);
  });

  it('follows subscriptions added and removed elsewhere', async () => {
    const session = await openSession(alice);
    const added = next(session, 'subscriptions', (subs) =>
      subs.some((sub) => sub.name === 'design'),
    );

    await org.subscribe(alice, 'design');
    expect((await added).map((sub) => sub.name).sort()).toEqual(['design', 'general']);

    const removed = next(
      session,
      'subscriptions',
      (subs) => !subs.some((sub) => sub.name === 'design'),
    );
    await org.api(alice)('DELETE', '/users/me/subscriptions', { subscriptions: ['design'] });
    expect((await removed).map((sub) => sub.name)).toEqual(['general']);
  });

  it('registers a new queue and keeps receiving when its queue is deleted out of band', async () => {
    const session = await openSession(alice);
    const lostQueue = session.queueId;
    if (!lostQueue) throw new Error('the session has no queue');

    const reconnected = next(session, 'connection', (state) => state === 'connected');
    await apiOf(alice).deleteQueue(lostQueue);
    await reconnected;
    const delivered = next(session, 'message', (message) => message.subject === 'after');
    const id = await apiOf(bob).sendStreamMessage({
      stream: 'general',
      topic: 'after',
      content: 'Still there?',
    });

    expect((await delivered).id).toBe(id);
    expect(session.queueId).toBeDefined();
    expect(session.queueId).not.toBe(lostQueue);
  });

  it('deletes its queue when stopped', async () => {
    const session = await openSession(alice);
    const queueId = session.queueId;
    if (!queueId) throw new Error('the session has no queue');

    await session.stop();

    await expect(apiOf(alice).deleteQueue(queueId)).rejects.toMatchObject({
      code: 'BAD_EVENT_QUEUE_ID',
    });
  });

  it('refuses to open with a wrong API key, reporting the HTTP status of the Zulip error', async () => {
    const opening = Session.open({ serverUrl: org.url, email: alice.email, apiKey: 'not-the-key' });

    await expect(opening).rejects.toBeInstanceOf(ApiError);
    await expect(opening).rejects.toMatchObject({ status: 401 });
  });
});
