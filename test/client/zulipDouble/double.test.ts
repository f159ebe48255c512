import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../../../src-main/client/api';
import { ApiError } from '../../../src-main/client/api/errors';
import { createHttpClient, type Params } from '../../../src-main/client/api/http';
import { probeServer } from '../../../src-main/client/accounts/probeServer';
import { signInWithPassword } from '../../../src-main/client/accounts/signIn';
import {
  apiSuccessSchema,
  messageEventSchema,
  registerResponseSchema,
  updateMessageEventSchema,
  type AnyEvent,
} from '../../../src-main/wire';
import { startZulipDouble, type Seat, type ZulipDouble } from '../../helpers/zulipDouble';

// The Hearth client against a double of a recent Zulip server, built from
// Zulip's documented examples: what it parses, and what the server refuses.
let double: ZulipDouble;
beforeEach(async () => {
  double = await startZulipDouble({ heartbeatMs: 2_000 });
});
afterEach(() => double.close());

const apiFor = (seat: Seat, featureLevel = double.org.featureLevel): Api =>
  createApi(
    { serverUrl: double.url, email: seat.email, apiKey: seat.apiKey },
    { featureLevel: () => featureLevel },
  );

// The client's RealmChanges names neither mandatory_topics nor the move
// group settings, so the administrator's changes go through its HTTP layer.
const patchRealm = (params: Params) =>
  createHttpClient({
    serverUrl: double.url,
    email: double.users.admin.email,
    apiKey: double.users.admin.apiKey,
  }).request('PATCH', 'realm', params, apiSuccessSchema);

/** The next events of the queue, waiting for at least one that is not a heartbeat. */
async function nextEvents(api: Api, queueId: string, lastEventId: number): Promise<AnyEvent[]> {
  const events = await api.getEvents({ queueId, lastEventId, dontBlock: false });
  return events.filter((event) => event.type !== 'heartbeat');
}

describe('the modern Zulip double', () => {
  it('signs a user in with a password, as the join form does', async () => {
    const server = await probeServer(double.url);
    expect(server.featureLevel).toBeGreaterThanOrEqual(440);
    expect(server.realmName).toBe('Zulip Dev');
    const { member } = double.users;
    const signedIn = await signInWithPassword(server, member.email, member.password);
    expect(signedIn).toMatchObject({
      apiKey: member.apiKey,
      userId: member.id,
      fullName: member.fullName,
    });
  });

  it('registers with group-setting permissions and no removed role policies', async () => {
    const state = await apiFor(double.users.member).register();
    expect(state.zulip_feature_level).toBeGreaterThanOrEqual(440);
    expect(state).toMatchObject({
      realm_can_move_messages_between_channels_group: double.groups.moderators,
      realm_can_delete_own_message_group: double.groups.everyone,
      realm_empty_topic_display_name: 'general chat',
      zulip_merge_base: expect.stringContaining('xandylearning/zulip@'),
    });
    for (const removed of [
      'realm_move_messages_between_streams_policy',
      'realm_edit_topic_policy',
      'realm_delete_own_message_policy',
      'realm_invite_to_realm_policy',
      'realm_add_custom_emoji_policy',
      'realm_private_message_policy',
      'realm_user_group_edit_policy',
    ]) {
      expect(state).not.toHaveProperty(removed);
    }
    // user_settings_object: the settings only in user_settings.
    expect(state).toHaveProperty('user_settings.enter_sends');
    expect(state).not.toHaveProperty('enter_sends');
    const groups = state.realm_user_groups as { name: string; direct_subgroup_ids: number[] }[];
    expect(groups.map((group) => group.name)).toEqual(
      expect.arrayContaining(['role:owners', 'role:nobody', 'role:internet', 'movers']),
    );
    expect(groups.find((group) => group.name === 'movers')?.direct_subgroup_ids).toEqual([
      double.groups.hamletCharacters,
    ]);
    const denmark = state.subscriptions?.find((sub) => sub.stream_id === double.streams.denmark);
    expect(denmark).toMatchObject({ folder_id: 1, topics_policy: 'inherit', is_archived: false });
    // archived_channels: Rome is sent, marked archived.
    expect(
      state.subscriptions?.find((sub) => sub.stream_id === double.streams.rome)?.is_archived,
    ).toBe(true);
  });

  it('sends a message that comes back as an event and in a later read', async () => {
    const hamlet = apiFor(double.users.member);
    const cordelia = apiFor(double.users.member2);
    const queue = await cordelia.register();
    const id = await hamlet.sendStreamMessage({
      stream: 'Denmark',
      topic: 'plays',
      content: 'To be',
    });
    const [event] = await nextEvents(cordelia, queue.queue_id, queue.last_event_id);
    const parsed = messageEventSchema.parse(event);
    expect(parsed.message).toMatchObject({
      id,
      subject: 'plays',
      stream_id: double.streams.denmark,
    });
    expect(parsed.flags).toEqual([]);
    const newest = await cordelia.getNewestMessages(
      [{ operator: 'channel', operand: double.streams.denmark }],
      1,
    );
    expect(newest.map((message) => message.id)).toEqual([id]);
  });

  it('renders the quote fence of a quote and reply as a blockquote, as Zulip does', async () => {
    const hamlet = apiFor(double.users.member);
    const id = await hamlet.sendStreamMessage({
      stream: 'Denmark',
      topic: 'plays',
      content: 'Iago said:\n```quote\nI am not what I **am**\n```\nIndeed.',
    });
    const [message] = (
      await hamlet.getMessages({ anchor: id, numBefore: 0, numAfter: 0, narrow: [] })
    ).messages;
    expect(message?.content).toBe(
      '<p>Iago said:</p>\n<blockquote>\n<p>I am not what I <strong>am</strong></p>\n</blockquote>\n<p>Indeed.</p>',
    );
  });

  it('keeps the empty topic as "" with empty_topic_name, and names it "general chat" without', async () => {
    const hamlet = apiFor(double.users.member);
    const id = await hamlet.sendStreamMessage({ stream: 'Denmark', topic: '', content: 'hi' });
    const narrow = [{ operator: 'id', operand: id }];
    const modern = await hamlet.getMessages({ anchor: id, numBefore: 0, numAfter: 0, narrow });
    expect(modern.messages[0]?.subject).toBe('');
    // A client that says nothing of the empty topic reads the organization's name for it.
    const legacy = apiFor(double.users.member, 185);
    const old = await legacy.getMessages({ anchor: id, numBefore: 0, numAfter: 0, narrow });
    expect(old.messages[0]?.subject).toBe('general chat');
    // …and sending to that name is sending to the empty topic.
    const again = await legacy.sendStreamMessage({
      stream: 'Denmark',
      topic: 'general chat',
      content: 'yo',
    });
    const sent = await hamlet.getMessages({ anchor: again, numBefore: 0, numAfter: 0, narrow: [] });
    expect(sent.messages[0]?.subject).toBe('');
  });

  it('sends the empty topic in events as "general chat" to a queue without empty_topic_name', async () => {
    const { member2 } = double.users;
    const http = createHttpClient({
      serverUrl: double.url,
      email: member2.email,
      apiKey: member2.apiKey,
    });
    const queue = await http.request(
      'POST',
      'register',
      { client_capabilities: { bulk_message_deletion: true } },
      registerResponseSchema,
    );
    await apiFor(double.users.member).sendStreamMessage({
      stream: 'Denmark',
      topic: '',
      content: 'hi',
    });
    const [event] = await nextEvents(apiFor(member2), queue.queue_id, queue.last_event_id);
    expect(messageEventSchema.parse(event).message.subject).toBe('general chat');
  });

  it('refuses the empty topic once the organization requires topics', async () => {
    await patchRealm({ mandatory_topics: true });
    await expect(
      apiFor(double.users.member).sendStreamMessage({
        stream: 'Denmark',
        topic: '',
        content: 'hi',
      }),
    ).rejects.toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    const state = await apiFor(double.users.member).register();
    expect(state).toMatchObject({
      realm_mandatory_topics: true,
      realm_topics_policy: 'disable_empty_topic',
    });
  });

  it('announces a group member change and registers it afterwards', async () => {
    const hamlet = apiFor(double.users.member);
    const queue = await hamlet.register();
    const { member2 } = double.users;
    await apiFor(double.users.admin).updateUserGroupMembers(double.groups.hamletCharacters, {
      add: [member2.id],
      delete: [],
    });
    const [event] = await nextEvents(hamlet, queue.queue_id, queue.last_event_id);
    expect(event).toMatchObject({
      type: 'user_group',
      op: 'add_members',
      group_id: double.groups.hamletCharacters,
      user_ids: [member2.id],
    });
    const state = await hamlet.register();
    const groups = state.realm_user_groups as { id: number; members: number[] }[];
    expect(groups.find((group) => group.id === double.groups.hamletCharacters)?.members).toContain(
      member2.id,
    );
  });

  it('refuses a member’s move between channels until the realm lets a nested group move', async () => {
    const hamlet = apiFor(double.users.member);
    const id = await hamlet.sendStreamMessage({
      stream: 'Denmark',
      topic: 'moving',
      content: 'box',
    });
    const move = () => hamlet.updateMessage(id, { streamId: double.streams.scotland });
    const refused = await move().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, code: 'BAD_REQUEST' });

    const queue = await hamlet.register();
    // Hamlet is in hamletCharacters, a subgroup of movers.
    await patchRealm({ can_move_messages_between_channels_group: { new: double.groups.movers } });
    const [realmEvent] = await nextEvents(hamlet, queue.queue_id, queue.last_event_id);
    expect(realmEvent).toMatchObject({
      type: 'realm',
      op: 'update_dict',
      data: { can_move_messages_between_channels_group: double.groups.movers },
    });

    await move();
    const events = await nextEvents(hamlet, queue.queue_id, realmEvent?.id ?? 0);
    const update = updateMessageEventSchema.parse(
      events.find((event) => event.type === 'update_message'),
    );
    expect(update).toMatchObject({
      message_ids: [id],
      stream_id: double.streams.denmark,
      new_stream_id: double.streams.scotland,
    });
    const [moved] = (
      await hamlet.getMessages({ anchor: id, numBefore: 0, numAfter: 0, narrow: [] })
    ).messages;
    expect(moved).toMatchObject({ stream_id: double.streams.scotland, subject: 'moving' });
    expect(moved?.last_moved_timestamp).toBeTypeOf('number');
    expect(moved?.edit_history?.[0]).toMatchObject({
      prev_stream: double.streams.denmark,
      stream: double.streams.scotland,
    });
  });

  it('answers an unknown queue with BAD_EVENT_QUEUE_ID', async () => {
    const api = apiFor(double.users.member);
    await expect(
      api.getEvents({ queueId: 'nope', lastEventId: -1, dontBlock: true }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'BAD_EVENT_QUEUE_ID',
    });
  });
});
