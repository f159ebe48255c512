import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src-main/client/api';
import { startFixtureServer, type FixtureServer } from './accounts/fixtureServer';
import { subscription } from './cache/fixtures';

// What the client keeps of, and asks from, a server after Zulip 7.0: the
// fields its permissions and topics read must survive parsing, and the
// parameters newer servers need must go only to servers that take them.
let server: FixtureServer | undefined;
afterEach(() => server?.close());

const garden = {
  ...subscription(20, 'garden'),
  is_archived: false,
  folder_id: 3,
  topics_policy: 'empty_topic_only',
  can_move_messages_out_of_channel_group: { direct_members: [4], direct_subgroups: [11] },
  can_send_message_group: 5,
  subscriber_count: 12,
};

async function serve(level: number) {
  server = await startFixtureServer({
    'POST /api/v1/register': {
      status: 200,
      body: {
        result: 'success',
        msg: '',
        queue_id: 'q',
        last_event_id: -1,
        zulip_feature_level: level,
        subscriptions: [garden],
      },
    },
    'GET /api/v1/messages': {
      status: 200,
      body: {
        result: 'success',
        msg: '',
        anchor: 0,
        found_anchor: false,
        found_oldest: true,
        found_newest: true,
        history_limited: false,
        messages: [],
      },
    },
    'POST /api/v1/typing': { status: 200, body: { result: 'success', msg: '' } },
    'POST /api/v1/user_groups/7/deactivate': { status: 200, body: { result: 'success', msg: '' } },
    'DELETE /api/v1/user_groups/7': { status: 200, body: { result: 'success', msg: '' } },
    'POST /api/v1/mark_all_as_read': {
      status: 200,
      body: { result: 'success', msg: '', complete: level < 250 },
    },
  });
  return createApi(
    { serverUrl: server.url, email: 'iago@zulip.com', apiKey: 'key' },
    { featureLevel: () => level },
  );
}

const sent = (path: string) => {
  const request = server?.received.find((each) => each.path === `/api/v1/${path}`);
  return request?.method === 'GET' ? request.query : new URLSearchParams(request?.body ?? '');
};

describe('a modern Zulip server', () => {
  it('keeps a channel’s folder, topics policy, subscriber count and group settings from register', async () => {
    const api = await serve(440);
    const registered = await api.register();
    expect(registered.subscriptions?.[0]).toMatchObject({
      is_archived: false,
      folder_id: 3,
      topics_policy: 'empty_topic_only',
      can_move_messages_out_of_channel_group: { direct_members: [4], direct_subgroups: [11] },
      can_send_message_group: 5,
      subscriber_count: 12,
    });
    expect(JSON.parse(sent('register').get('client_capabilities') ?? '{}')).toMatchObject({
      empty_topic_name: true,
      archived_channels: true,
    });
  });

  it('is asked for the empty topic as "" from feature level 334, and older servers are not', async () => {
    const modern = await serve(334);
    await modern.getMessages({ anchor: 0, numBefore: 0, numAfter: 10, narrow: [] });
    expect(sent('messages').get('allow_empty_topic_name')).toBe('true');
    await server?.close();
    const older = await serve(333);
    await older.getMessages({ anchor: 0, numBefore: 0, numAfter: 10, narrow: [] });
    expect(sent('messages').has('allow_empty_topic_name')).toBe(false);
  });

  it('is told of typing in a channel by stream_id from feature level 215, to people as "direct"', async () => {
    const modern = await serve(215);
    await modern.setTyping('start', { kind: 'stream', streamId: 20, topic: '' });
    expect(Object.fromEntries(sent('typing'))).toEqual({
      type: 'stream',
      op: 'start',
      stream_id: '20',
      topic: '',
    });
    await server?.close();
    const zulip7 = await serve(185);
    await zulip7.setTyping('start', { kind: 'stream', streamId: 20, topic: 'soup' });
    expect(sent('typing').get('to')).toBe('[20]');
    await zulip7.setTyping('stop', { kind: 'private', userIds: [4] });
    const direct = server?.received.filter((each) => each.path === '/api/v1/typing')[1];
    expect(new URLSearchParams(direct?.body ?? '').get('type')).toBe('direct');
  });

  it('has a user group deactivated from feature level 290, deleted before', async () => {
    const modern = await serve(290);
    await modern.deleteUserGroup(7);
    expect(server?.received.map((each) => `${each.method} ${each.path}`)).toEqual([
      'POST /api/v1/user_groups/7/deactivate',
    ]);
    await server?.close();
    const zulip7 = await serve(185);
    await zulip7.deleteUserGroup(7);
    expect(server?.received.map((each) => `${each.method} ${each.path}`)).toEqual([
      'DELETE /api/v1/user_groups/7',
    ]);
  });

  it('is asked again to mark all as read until it says the work is complete', async () => {
    const done = await serve(200);
    await done.markAllAsRead();
    expect(server?.received).toHaveLength(1);
    await server?.close();
    // This server never finishes: the client gives up after a bounded number of parts.
    const partial = await serve(300);
    await partial.markAllAsRead();
    expect(server?.received.length).toBe(50);
  });
});
