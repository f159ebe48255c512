import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 12's followed topics on a Hearth host: visibility_policy 3 (feature
// level 219), the settings for them (189, 214, 235), and the automatic
// follows and unmutes of do_send_messages, do_add_reaction and
// do_add_submessage, with the send's automatic_new_visibility_policy (218).

type Event = Record<string, unknown> & { type: string };

const never = 4;
const onParticipation = 1;
const onSend = 2;
const onInitiation = 3;

describe('followed topics', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let streamId: number;
  let quietId: number;

  const settings = (user: TestUser, changes: Record<string, unknown>) =>
    org.api(user)('PATCH', '/settings', changes);
  const setPolicy = (
    user: TestUser,
    topic: string,
    visibility_policy: unknown,
    stream_id = streamId,
  ) => org.api(user)('POST', '/user_topics', { stream_id, topic, visibility_policy });
  const userTopics = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { fetch_event_types: ['user_topic'] })).json
      .user_topics as { stream_id: number; topic_name: string; visibility_policy: number }[];
  const policyOf = async (user: TestUser, topic: string, stream_id = streamId) =>
    (await userTopics(user)).find(
      (row) => row.stream_id === stream_id && row.topic_name.toLowerCase() === topic.toLowerCase(),
    )?.visibility_policy ?? 0;
  const queueOf = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', {})).json.queue_id as string;
  const eventsOf = async (user: TestUser, queueId: string) =>
    (
      (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
        .events as Event[]
    ).filter((event) => event.type !== 'heartbeat' && event.type !== 'presence');
  const send = (user: TestUser, topic: string, content = 'hello', to = 'garden') =>
    org.api(user)('POST', '/messages', { type: 'stream', to, topic, content });

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    for (const user of [alice, bob, carol]) {
      await org.subscribe(user, 'garden');
      await org.subscribe(user, 'quiet');
    }
    const idOf = async (stream: string) =>
      (await org.api(alice)('GET', '/get_stream_id', { stream })).json.stream_id as number;
    streamId = await idOf('garden');
    quietId = await idOf('quiet');
  });
  afterAll(() => org.close());

  describe('visibility_policy 3', () => {
    it('follows a topic, lists it in user_topics and tells only the user', async () => {
      const queueId = await queueOf(alice);
      const bobsQueue = await queueOf(bob);
      const answer = await setPolicy(alice, 'roses', 3);
      expect(answer.json).toEqual({ result: 'success', msg: '' });
      expect(await userTopics(alice)).toContainEqual({
        stream_id: streamId,
        topic_name: 'roses',
        last_updated: expect.any(Number),
        visibility_policy: 3,
      });
      expect(await eventsOf(alice, queueId)).toEqual([
        { id: expect.any(Number), type: 'muted_topics', muted_topics: [] },
        {
          id: expect.any(Number),
          type: 'user_topic',
          stream_id: streamId,
          topic_name: 'roses',
          last_updated: expect.any(Number),
          visibility_policy: 3,
        },
      ]);
      expect(await eventsOf(bob, bobsQueue)).toEqual([]);
    });

    it('answers a request that changes nothing without an event', async () => {
      const queueId = await queueOf(alice);
      expect((await setPolicy(alice, 'ROSES', 3)).json).toEqual({ result: 'success', msg: '' });
      expect((await setPolicy(alice, 'never set', 0)).json).toEqual({ result: 'success', msg: '' });
      expect(await eventsOf(alice, queueId)).toEqual([]);
    });

    it('refuses a policy out of the list, as Zulip 12 words it, changing nothing', async () => {
      const answer = await setPolicy(alice, 'roses', 5);
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'Invalid visibility_policy: Value error, Not in the list of possible values',
        var_name: 'visibility_policy',
      });
      expect(await policyOf(alice, 'roses')).toBe(3);
    });

    it('counts a followed topic of a muted channel among the unreads', async () => {
      await settings(bob, { automatically_follow_topics_policy: never });
      await org.api(carol)('POST', '/users/me/subscriptions/properties', {
        subscription_data: [{ stream_id: quietId, property: 'is_muted', value: true }],
      });
      await setPolicy(carol, 'loud', 3, quietId);
      await send(bob, 'loud', 'heard', 'quiet');
      await send(bob, 'hushed', 'unheard', 'quiet');
      const unread = (
        await org.api(carol)('POST', '/register', {
          fetch_event_types: ['message', 'update_message_flags'],
        })
      ).json.unread_msgs as { count: number; streams: { topic: string }[] };
      expect(unread.streams.map((row) => row.topic).sort()).toEqual(['hushed', 'loud']);
      expect(unread.count).toBe(1);
      await settings(bob, { automatically_follow_topics_policy: onInitiation });
    });

    it('narrows to the messages of followed topics with is:followed', async () => {
      const rose = await org.sendStream(bob, 'garden', 'Roses', 'in bloom');
      await org.sendStream(bob, 'garden', 'weeds and more', 'not followed');
      const { messages } = (
        await org.api(alice)('GET', '/messages', {
          anchor: 'newest',
          num_before: 100,
          num_after: 0,
          narrow: [{ operator: 'is', operand: 'followed' }],
        })
      ).json as { messages: { id: number; subject: string }[] };
      expect(messages.map((message) => message.id)).toContain(rose);
      expect(new Set(messages.map((message) => message.subject.toLowerCase()))).toEqual(
        new Set(['roses']),
      );
    });

    it('keeps followed topics across a restart', async () => {
      await org.restart();
      expect(await policyOf(alice, 'roses')).toBe(3);
    });
  });

  describe('settings', () => {
    const names = {
      enable_followed_topic_desktop_notifications: true,
      enable_followed_topic_email_notifications: true,
      enable_followed_topic_push_notifications: true,
      enable_followed_topic_audible_notifications: true,
      enable_followed_topic_wildcard_mentions_notify: true,
      automatically_follow_topics_policy: onInitiation,
      automatically_unmute_topics_in_muted_streams_policy: onSend,
      automatically_follow_topics_where_mentioned: true,
    };
    const userSettings = async (user: TestUser) =>
      (
        await org.api(user)('POST', '/register', {
          fetch_event_types: ['user_settings'],
          client_capabilities: { user_settings_object: true },
        })
      ).json.user_settings as Record<string, unknown>;

    it("lists Zulip 12's defaults in register's user_settings", async () => {
      expect(await userSettings(alice)).toMatchObject(names);
    });

    it('changes each through PATCH /settings with a user_settings event alone', async () => {
      const dave = await org.user('dave');
      const queueId = await queueOf(dave);
      const changes = {
        enable_followed_topic_desktop_notifications: false,
        enable_followed_topic_email_notifications: false,
        enable_followed_topic_push_notifications: false,
        enable_followed_topic_audible_notifications: false,
        enable_followed_topic_wildcard_mentions_notify: false,
        automatically_follow_topics_policy: onParticipation,
        automatically_unmute_topics_in_muted_streams_policy: never,
        automatically_follow_topics_where_mentioned: false,
      };
      expect((await settings(dave, changes)).json).toEqual({ result: 'success', msg: '' });
      expect(await userSettings(dave)).toMatchObject(changes);
      expect(await eventsOf(dave, queueId)).toEqual(
        Object.entries(changes).map(([property, value]) => ({
          id: expect.any(Number),
          type: 'user_settings',
          op: 'update',
          property,
          value,
        })),
      );
      await org.restart();
      expect(await userSettings(dave)).toMatchObject(changes);
    });

    it('refuses a policy out of the list, and a flag that is not a boolean, changing nothing', async () => {
      const erin = await org.user('erin');
      for (const name of [
        'automatically_follow_topics_policy',
        'automatically_unmute_topics_in_muted_streams_policy',
      ]) {
        const answer = await settings(erin, {
          enable_followed_topic_push_notifications: false,
          [name]: 5,
        });
        expect(answer.status).toBe(400);
        expect(answer.json).toMatchObject({
          code: 'BAD_REQUEST',
          msg: `Invalid ${name}: Value error, Not in the list of possible values`,
          var_name: name,
        });
      }
      const flag = await settings(erin, { automatically_follow_topics_where_mentioned: 'yes' });
      expect(flag.json).toMatchObject({
        code: 'BAD_REQUEST',
        var_name: 'automatically_follow_topics_where_mentioned',
      });
      expect(await userSettings(erin)).toMatchObject(names);
    });
  });

  describe('following automatically', () => {
    const followChanges = (events: Event[]) =>
      events.filter((event) => event.type === 'user_topic' || event.type === 'message');

    it('follows a topic its sender starts, before the message event, and says so', async () => {
      const queueId = await queueOf(alice);
      const answer = await send(alice, 'tulips');
      expect(answer.json).toEqual({
        result: 'success',
        msg: '',
        id: expect.any(Number),
        automatic_new_visibility_policy: 3,
      });
      const events = followChanges(await eventsOf(alice, queueId));
      expect(events.map((event) => event.type)).toEqual(['user_topic', 'message']);
      expect(events[0]).toEqual({
        id: expect.any(Number),
        type: 'user_topic',
        stream_id: streamId,
        topic_name: 'tulips',
        last_updated: expect.any(Number),
        visibility_policy: 3,
      });
    });

    it('does not follow a topic someone else started, nor answer with a policy', async () => {
      const answer = await send(bob, 'Tulips');
      expect(answer.json).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
      expect(await policyOf(bob, 'tulips')).toBe(0);
    });

    it('follows on sending, on participation by a reaction or a vote, and never when told', async () => {
      await settings(bob, { automatically_follow_topics_policy: onSend });
      expect((await send(bob, 'tulips')).json.automatic_new_visibility_policy).toBe(3);

      await settings(carol, { automatically_follow_topics_policy: onParticipation });
      const tulip = await org.sendStream(alice, 'garden', 'tulips', 'look');
      const queueId = await queueOf(carol);
      await org.api(carol)('POST', `/messages/${tulip}/reactions`, { emoji_name: 'smile' });
      const events = await eventsOf(carol, queueId);
      expect(events.map((event) => event.type)).toEqual(['muted_topics', 'user_topic', 'reaction']);
      expect(events[1]).toMatchObject({ topic_name: 'tulips', visibility_policy: 3 });

      const poll = await org.sendStream(alice, 'garden', 'lilies', '/poll Lilies?\nYes\nNo');
      await org.api(carol)('POST', '/submessage', {
        message_id: poll,
        msg_type: 'widget',
        content: JSON.stringify({ type: 'vote', key: 'canned,0', vote: 1 }),
      });
      expect(await policyOf(carol, 'lilies')).toBe(3);

      await settings(carol, {
        automatically_follow_topics_policy: never,
        automatically_follow_topics_where_mentioned: false,
      });
      const daisy = await org.sendStream(alice, 'garden', 'daisies', 'look');
      await org.api(carol)('POST', `/messages/${daisy}/reactions`, { emoji_name: 'smile' });
      expect((await send(carol, 'daisies')).json.automatic_new_visibility_policy).toBeUndefined();
      expect((await send(carol, 'new for carol')).json.automatic_new_visibility_policy).toBe(
        undefined,
      );
      expect(await policyOf(carol, 'daisies')).toBe(0);
      expect(await policyOf(carol, 'new for carol')).toBe(0);
    });

    it('follows a topic the sender muted, when sending follows', async () => {
      await setPolicy(bob, 'weeds', 1);
      expect((await send(bob, 'weeds')).json.automatic_new_visibility_policy).toBe(3);
      expect(await policyOf(bob, 'weeds')).toBe(3);
    });

    it('unmutes in a muted channel as the unmute policy says, and never lowers a follow', async () => {
      const frank = await org.user('frank');
      await org.subscribe(frank, 'quiet');
      await org.api(frank)('POST', '/users/me/subscriptions/properties', {
        subscription_data: [{ stream_id: quietId, property: 'is_muted', value: true }],
      });
      await settings(frank, { automatically_follow_topics_policy: never });
      await org.sendStream(alice, 'quiet', 'old news', 'first');
      const unmuted = await send(frank, 'old news', 'me too', 'quiet');
      expect(unmuted.json.automatic_new_visibility_policy).toBe(2);
      expect(await policyOf(frank, 'old news', quietId)).toBe(2);
      expect((await send(frank, 'old news', 'again', 'quiet')).json).not.toHaveProperty(
        'automatic_new_visibility_policy',
      );

      await settings(frank, { automatically_unmute_topics_in_muted_streams_policy: onInitiation });
      await org.sendStream(alice, 'quiet', 'started by alice', 'first');
      expect((await send(frank, 'started by alice', 'hi', 'quiet')).json).not.toHaveProperty(
        'automatic_new_visibility_policy',
      );
      expect((await send(frank, 'started by frank', 'hi', 'quiet')).json).toMatchObject({
        automatic_new_visibility_policy: 2,
      });

      await settings(frank, { automatically_unmute_topics_in_muted_streams_policy: onSend });
      await setPolicy(frank, 'kept', 3, quietId);
      expect((await send(frank, 'kept', 'hi', 'quiet')).json).not.toHaveProperty(
        'automatic_new_visibility_policy',
      );
      expect(await policyOf(frank, 'kept', quietId)).toBe(3);
    });

    it('follows for each subscriber mentioned who chose to, unless they muted the topic', async () => {
      const gina = await org.user('gina');
      const hal = await org.user('hal');
      const ivy = await org.user('ivy');
      for (const user of [gina, hal, ivy]) await org.subscribe(user, 'garden');
      await settings(hal, { automatically_follow_topics_where_mentioned: false });
      await setPolicy(ivy, 'mentions', 1);
      const outsider = await org.user('outsider');
      const ginasQueue = await queueOf(gina);
      const mention = (user: TestUser) => `@**${user.fullName}**`;
      await send(bob, 'mentions', [gina, hal, ivy, outsider].map(mention).join(' '));
      const events = followChanges(await eventsOf(gina, ginasQueue));
      expect(events.map((event) => event.type)).toEqual(['user_topic', 'message']);
      expect(events[0]).toMatchObject({ topic_name: 'mentions', visibility_policy: 3 });
      expect(await policyOf(gina, 'mentions')).toBe(3);
      expect(await policyOf(hal, 'mentions')).toBe(0);
      expect(await policyOf(ivy, 'mentions')).toBe(1);
      expect(await policyOf(outsider, 'mentions')).toBe(0);
    });

    it("changes no policy of an editor whose move posts Zulip's Notification Bot notices", async () => {
      const moved = await org.sendStream(bob, 'garden', 'to move', 'moving');
      await setPolicy(bob, 'to move', 0);
      const answer = await org.api(bob)('PATCH', `/messages/${moved}`, {
        topic: 'moved here',
        propagate_mode: 'change_all',
        send_notification_to_new_thread: true,
        send_notification_to_old_thread: true,
      });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      expect(await policyOf(bob, 'to move')).toBe(0);
    });

    it('leaves direct messages alone', async () => {
      const answer = await org.api(alice)('POST', '/messages', {
        type: 'direct',
        to: JSON.stringify([bob.email]),
        content: `@**${bob.fullName}** hi`,
      });
      expect(answer.json).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
    });
  });
});
