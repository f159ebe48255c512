import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zulip, { type ZulipClient } from 'zulip-js';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// zulip-js's callOnEachEvent, unchanged from npm: it registers a queue (with
// `event_types` or, left out, JSON null), then long-polls GET /events without
// dont_block, acknowledging with last_event_id, one second between polls.

type Event = { id: number; type: string } & Record<string, unknown>;
type Fetch = (url: string, options: unknown) => Promise<unknown>;

// The transport zulip-js calls through, swapped to see its requests and, at
// the end, to park its endless loop on a request that never settles.
const transport = createRequire(import.meta.url)('zulip-js/lib/helper') as { fetch: Fetch };
const realFetch = transport.fetch;
const polls: string[] = [];

describe('zulip-js callOnEachEvent against a Hearth host', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let asAlice: ZulipClient;

  beforeAll(async () => {
    org = await startOrg({ queueTimeouts: { heartbeatMs: 400 } });
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
    asAlice = await zulip({ username: alice.email, apiKey: alice.apiKey, realm: org.url });
    transport.fetch = (url, options) => {
      if (new URL(url).pathname.endsWith('/events')) polls.push(url);
      return realFetch(url, options);
    };
  });
  afterAll(async () => {
    transport.fetch = () => new Promise(() => {});
    await org.close();
  });

  const until = async (what: string, ready: () => boolean) => {
    for (let waited = 0; !ready(); waited += 20) {
      if (waited > 5_000) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  /** Starts callOnEachEvent and resolves once it is polling its new queue. */
  const follow = async (eventTypes?: string[]) => {
    const received: Event[] = [];
    const pollsBefore = polls.length;
    void asAlice.callOnEachEvent((event) => received.push(event), eventTypes);
    await until('the first poll', () => polls.length > pollsBefore);
    return received;
  };
  const send = (content: string) =>
    org.api(bob)('POST', '/messages', { type: 'stream', to: 'design', topic: 'js', content });

  it('receives each new message once, with the reader’s flags, as it arrives', async () => {
    const received = await follow(['message']);
    const first = (await send('one')).json.id as number;
    const second = (await send('two')).json.id as number;
    await until('both messages', () => received.filter((e) => e.type === 'message').length >= 2);
    const messages = received.filter((event) => event.type === 'message');
    expect(messages.map((event) => (event.message as { id: number }).id)).toEqual([first, second]);
    expect(messages[0]).toMatchObject({
      type: 'message',
      flags: [],
      message: { sender_email: bob.email, display_recipient: 'design', subject: 'js' },
    });
    const ids = received.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('sets a status through callEndpoint and hears of it through callOnEachEvent', async () => {
    const received = await follow(['user_status']);
    const asBob = await zulip({ username: bob.email, apiKey: bob.apiKey, realm: org.url });
    expect(
      await asBob.callEndpoint('/users/me/status', 'POST', {
        status_text: ' Commuting ',
        emoji_name: 'bus',
      }),
    ).toMatchObject({ result: 'success' });
    expect(await asBob.callEndpoint('/users/me/status', 'POST', {})).toMatchObject({
      result: 'error',
      msg: 'Client did not pass any new values.',
    });
    await until('the status', () => received.some((event) => event.type === 'user_status'));
    expect(received).toEqual([
      {
        id: expect.any(Number),
        type: 'user_status',
        user_id: bob.id,
        status_text: 'Commuting',
        emoji_name: 'bus',
        emoji_code: '1f68c',
        reaction_type: 'unicode_emoji',
      },
    ]);
  });

  it('votes on a poll through callEndpoint and hears of it through callOnEachEvent', async () => {
    const received = await follow(['submessage']);
    const pollId = (await send('/poll Tea or coffee?\nTea\nCoffee')).json.id as number;
    const asBob = await zulip({ username: bob.email, apiKey: bob.apiKey, realm: org.url });
    const vote = JSON.stringify({ type: 'vote', key: 'canned,0', vote: 1 });
    expect(
      await asBob.callEndpoint('/submessage', 'POST', {
        message_id: pollId,
        msg_type: 'widget',
        content: vote,
      }),
    ).toMatchObject({ result: 'success' });
    await until('the vote', () => received.some((event) => event.type === 'submessage'));
    expect(received).toEqual([
      {
        id: expect.any(Number),
        type: 'submessage',
        msg_type: 'widget',
        message_id: pollId,
        submessage_id: expect.any(Number),
        sender_id: bob.id,
        content: vote,
      },
    ]);
  });

  it('gets every kind of event without event_types, heartbeats included', async () => {
    const received = await follow();
    const id = (await send('flag me')).json.id as number;
    await org.api(alice)('POST', '/messages/flags', { messages: [id], op: 'add', flag: 'starred' });
    await org.subscribe(alice, 'kitchen');
    await until('a heartbeat', () => received.some((event) => event.type === 'heartbeat'));
    const types = new Set(received.map((event) => event.type));
    for (const type of ['message', 'update_message_flags', 'subscription', 'heartbeat']) {
      expect(types).toContain(type);
    }
    expect(received.find((event) => event.type === 'update_message_flags')).toMatchObject({
      op: 'add',
      flag: 'starred',
      messages: [id],
    });
  });
});
