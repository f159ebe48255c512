import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zulip, { type ZulipClient } from 'zulip-js';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { multipart, solidPng } from '../helpers/uploads';

// zulip-js, unchanged from npm, against a Hearth host: it logs in with a
// password, sends multipart POSTs and puts PATCH/DELETE parameters in the
// query string, as it does against Zulip.
describe('zulip-js against a Hearth host', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let asAlice: ZulipClient;
  let asBob: ZulipClient;
  let asOwner: ZulipClient;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    asAlice = await zulip({
      username: alice.email,
      password: 'correct horse battery staple',
      realm: org.url,
    });
    asBob = await zulip({ username: bob.email, apiKey: bob.apiKey, realm: org.url });
    asOwner = await zulip({ username: org.owner.email, apiKey: org.owner.apiKey, realm: org.url });
  });
  afterAll(() => org.close());

  const sendToDesign = async (client: ZulipClient, topic: string, content: string) => {
    const sent = await client.messages.send({ type: 'stream', to: 'design', topic, content });
    expect(sent).toMatchObject({ result: 'success', id: expect.any(Number) });
    return sent.id as number;
  };
  const newest = async (client: ZulipClient, narrow: unknown[], extra = {}) =>
    (
      await client.messages.retrieve({
        anchor: 'newest',
        num_before: 20,
        num_after: 0,
        narrow,
        ...extra,
      })
    ).messages as { id: number; content: string; subject: string; flags: string[] }[];

  it('logs in with a password through fetch_api_key', () => {
    expect(asAlice.config.apiKey).toBe(alice.apiKey);
  });

  it('reads the server settings without credentials', async () => {
    const settings = await asAlice.server.settings();
    expect(settings).toMatchObject({
      result: 'success',
      zulip_version: expect.any(String),
      zulip_feature_level: expect.any(Number),
      realm_uri: org.url,
      authentication_methods: expect.objectContaining({ password: true }),
    });
  });

  it('reads the profile and the member list', async () => {
    expect(await asAlice.users.me.getProfile()).toMatchObject({
      result: 'success',
      user_id: alice.id,
      email: alice.email,
      full_name: 'Alice',
      is_admin: false,
      max_message_id: expect.any(Number),
    });
    const { members } = await asAlice.users.retrieve({ client_gravatar: true });
    expect(members.map((member: { email: string }) => member.email)).toEqual(
      expect.arrayContaining([org.owner.email, alice.email, bob.email]),
    );
  });

  it('lets an administrator create a user, and nobody else', async () => {
    const params = { email: 'erin@hearth.test', password: 'a long password', full_name: 'Erin' };
    expect(await asAlice.users.create(params)).toMatchObject({ result: 'error' });
    expect(await asOwner.users.create(params)).toMatchObject({
      result: 'success',
      user_id: expect.any(Number),
    });
  });

  it('subscribes, lists and unsubscribes', async () => {
    const added = await asAlice.users.me.subscriptions.add({
      subscriptions: JSON.stringify([{ name: 'design', description: 'Pixels' }]),
    });
    expect(added).toMatchObject({ result: 'success', subscribed: { [alice.email]: ['design'] } });
    await asBob.users.me.subscriptions.add({ subscriptions: JSON.stringify([{ name: 'design' }]) });
    await asAlice.users.me.subscriptions.add({ subscriptions: JSON.stringify([{ name: 'temp' }]) });

    const listed = await asAlice.streams.subscriptions.retrieve({ include_subscribers: true });
    expect(listed.subscriptions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'design',
          description: 'Pixels',
          subscribers: expect.arrayContaining([alice.email, bob.email]),
        }),
      ]),
    );
    const removed = await asAlice.users.me.subscriptions.remove({
      subscriptions: JSON.stringify(['temp']),
    });
    expect(removed).toMatchObject({ result: 'success', removed: ['temp'], not_removed: [] });
    const after = await asAlice.streams.subscriptions.retrieve();
    expect(after.subscriptions.map((s: { name: string }) => s.name)).not.toContain('temp');
  });

  it('lists streams, a stream ID and its topics', async () => {
    const { streams } = await asAlice.streams.retrieve();
    expect(streams.map((stream: { name: string }) => stream.name)).toContain('design');
    const { stream_id: designId } = await asAlice.streams.getStreamId('design');
    expect(designId).toEqual(expect.any(Number));
    await sendToDesign(asBob, 'palette', 'warm colors');
    const { topics } = await asAlice.streams.topics.retrieve({ stream_id: designId });
    expect(topics).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'palette' })]));
  });

  it('sends stream and private messages and reads them back through narrows', async () => {
    const streamId = await sendToDesign(asAlice, 'fonts', 'serif or **sans**?');
    const privateSent = await asAlice.messages.send({
      type: 'private',
      to: bob.email,
      content: 'a private word',
    });
    expect(privateSent.result).toBe('success');

    const inTopic = await newest(asBob, [
      { operator: 'stream', operand: 'design' },
      { operator: 'topic', operand: 'fonts' },
    ]);
    expect(inTopic.map((m) => [m.id, m.content])).toEqual([
      [streamId, '<p>serif or <strong>sans</strong>?</p>'],
    ]);
    const privates = await newest(asBob, [{ operator: 'pm-with', operand: alice.email }]);
    expect(privates.map((m) => m.id)).toEqual([privateSent.id]);
    const found = await newest(asBob, [{ operator: 'search', operand: 'serif' }]);
    expect(found.map((m) => m.id)).toEqual([streamId]);
    const unread = await newest(asBob, [{ operator: 'is', operand: 'unread' }]);
    expect(unread.map((m) => m.id)).toEqual(expect.arrayContaining([streamId, privateSent.id]));
  });

  it('changes notification settings and gets back only what changed', async () => {
    const changed = await asAlice.callEndpoint('/settings/notifications', 'PATCH', {
      enable_sounds: false,
      enable_desktop_notifications: true,
    });
    expect(changed).toEqual({ result: 'success', msg: '', enable_sounds: false });
  });

  it('edits a message and reads its history', async () => {
    const id = await sendToDesign(asAlice, 'drafts', 'first version');
    const edited = await asAlice.messages.update({
      message_id: id,
      content: 'second version',
      topic: 'final',
    });
    expect(edited.result).toBe('success');

    const single = await asBob.messages.getById({ message_id: id });
    expect(single).toMatchObject({
      result: 'success',
      raw_content: 'second version',
      message: expect.objectContaining({ id, subject: 'final' }),
    });
    const { message_history: history } = await asBob.messages.getHistoryById({ message_id: id });
    expect(history).toHaveLength(2);
    expect(history[0]).toEqual({
      topic: 'drafts',
      content: 'first version',
      rendered_content: '<p>first version</p>',
      timestamp: expect.any(Number),
      user_id: alice.id,
    });
    expect(history[1]).toMatchObject({
      topic: 'final',
      prev_topic: 'drafts',
      content: 'second version',
      prev_content: 'first version',
      rendered_content: '<p>second version</p>',
      prev_rendered_content: '<p>first version</p>',
      content_html_diff: expect.any(String),
      user_id: alice.id,
    });
    expect(await asBob.messages.update({ message_id: id, content: 'not mine' })).toMatchObject({
      result: 'error',
    });
  });

  it('stars and unstars, and marks messages read', async () => {
    const id = await sendToDesign(asAlice, 'flags', 'star me');
    expect(await asBob.messages.flags.add({ messages: [id], flag: 'starred' })).toMatchObject({
      result: 'success',
      messages: [id],
    });
    const starred = await newest(asBob, [{ operator: 'is', operand: 'starred' }]);
    expect(starred.map((m) => m.id)).toEqual([id]);
    await asBob.messages.flags.remove({ messages: [id], flag: 'starred' });
    expect(await newest(asBob, [{ operator: 'is', operand: 'starred' }])).toEqual([]);

    await asBob.messages.flags.add({ messages: [id], flag: 'read' });
    const [message] = await newest(asBob, [{ operator: 'id', operand: id }]);
    expect(message?.flags).toContain('read');
    expect(await asBob.callEndpoint('/mark_all_as_read', 'POST', {})).toMatchObject({
      result: 'success',
    });
    expect(await newest(asBob, [{ operator: 'is', operand: 'unread' }])).toEqual([]);
  });

  it('adds and removes reactions, which messages then carry', async () => {
    const id = await sendToDesign(asAlice, 'reactions', 'react to me');
    expect(await asBob.reactions.add({ message_id: id, emoji_name: 'tada' })).toMatchObject({
      result: 'success',
    });
    const byCode = { message_id: id, emoji_name: 'octopus', emoji_code: '1f419' };
    expect(await asAlice.reactions.add(byCode)).toMatchObject({ result: 'success' });
    expect(await asAlice.reactions.add(byCode)).toMatchObject({
      result: 'error',
      code: 'REACTION_ALREADY_EXISTS',
    });
    const reactionsOf = async () =>
      ((await asBob.messages.getById({ message_id: id })).message as { reactions: unknown[] })
        .reactions;
    expect(await reactionsOf()).toEqual([
      expect.objectContaining({ emoji_name: 'tada', user_id: bob.id }),
      expect.objectContaining({ emoji_name: 'octopus', user_id: alice.id }),
    ]);
    expect(await asBob.reactions.remove({ message_id: id, emoji_name: 'tada' })).toMatchObject({
      result: 'success',
    });
    expect(await reactionsOf()).toEqual([
      expect.objectContaining({ emoji_code: '1f419', user_id: alice.id }),
    ]);
  });

  it('deletes a message as an administrator only', async () => {
    const id = await sendToDesign(asAlice, 'doomed', 'short-lived');
    expect(await asBob.messages.deleteById({ message_id: id })).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
    });
    expect(await asOwner.messages.deleteById({ message_id: id })).toMatchObject({
      result: 'success',
    });
    expect(await asBob.messages.getById({ message_id: id })).toMatchObject({ result: 'error' });
    expect(await newest(asBob, [{ operator: 'topic', operand: 'doomed' }])).toEqual([]);
  });

  it('moves a message to another stream and archives a stream, as an administrator', async () => {
    const id = await sendToDesign(asAlice, 'moving', 'on the move');
    // Alice made #design, so she administers it, moves out included, until she no longer does.
    const design = (await asAlice.streams.getStreamId('design')).stream_id as number;
    const nobody = { direct_members: [], direct_subgroups: [] };
    await org.api(org.owner)('PATCH', `/streams/${design}`, {
      can_administer_channel_group: { new: nobody },
    });
    // Made by the owner: who makes a channel administers it, archiving included.
    await org.subscribe(org.owner, 'shelf');
    await org.subscribe(alice, 'shelf');
    const shelf = (await asAlice.streams.getStreamId('shelf')).stream_id as number;
    expect(await asAlice.messages.update({ message_id: id, stream_id: shelf })).toMatchObject({
      result: 'error',
      msg: "You don't have permission to move this message",
    });
    expect(
      await asOwner.messages.update({
        message_id: id,
        stream_id: shelf,
        propagate_mode: 'change_all',
      }),
    ).toMatchObject({ result: 'success' });
    const moved = await newest(asAlice, [{ operator: 'stream', operand: 'shelf' }]);
    expect(moved.map((message) => message.id)).toContain(id);
    expect(await asAlice.streams.deleteById({ stream_id: shelf })).toMatchObject({
      result: 'error',
    });
    expect(await asOwner.streams.deleteById({ stream_id: shelf })).toMatchObject({
      result: 'success',
    });
    expect(await asAlice.streams.getStreamId('shelf')).toMatchObject({ result: 'error' });
  });

  it('receives a message through its event queue', async () => {
    const queue = await asBob.queues.register({ event_types: ['message'], apply_markdown: 'true' });
    const waiting = asBob.events.retrieve({
      queue_id: queue.queue_id,
      last_event_id: queue.last_event_id,
    });
    const id = await sendToDesign(asAlice, 'live', 'are you there?');
    const { events } = await waiting;
    expect(events).toEqual([
      expect.objectContaining({
        type: 'message',
        message: expect.objectContaining({ id, content: '<p>are you there?</p>' }),
      }),
    ]);
    expect(await asBob.queues.deregister({ queue_id: queue.queue_id })).toMatchObject({
      result: 'success',
    });
  });

  it('reads the alert words set through the API, and makes user groups and describes streams through callEndpoint', async () => {
    const set = await asBob.callEndpoint('/users/me/alert_words', 'POST', {
      alert_words: JSON.stringify(['release', 'Outage']),
    });
    expect(set).toMatchObject({ result: 'success', alert_words: ['release', 'Outage'] });
    expect(await asBob.users.me.alertWords.retrieve()).toMatchObject({
      result: 'success',
      alert_words: ['release', 'Outage'],
    });
    const made = await asAlice.callEndpoint('/user_groups/create', 'POST', {
      name: 'Reviewers',
      description: 'Read before merge',
      members: JSON.stringify([alice.id, bob.id]),
    });
    expect(made).toMatchObject({ result: 'success', group_id: expect.any(Number) });
    const { user_groups } = await asBob.callEndpoint('/user_groups', 'GET');
    expect(user_groups).toContainEqual(
      expect.objectContaining({ name: 'Reviewers', members: [alice.id, bob.id] }),
    );
    const { stream_id } = await asOwner.streams.getStreamId('design');
    const renamed = await asOwner.callEndpoint(`/streams/${stream_id}`, 'PATCH', {
      description: 'Pixels, kept by zulip-js',
    });
    expect(renamed).toMatchObject({ result: 'success' });
    const { streams } = await asAlice.streams.retrieve();
    expect(streams).toContainEqual(
      expect.objectContaining({ stream_id, description: 'Pixels, kept by zulip-js' }),
    );
  });

  it('mutes and unmutes someone through callEndpoint, and hears muted_users on its event queue', async () => {
    const queue = await asBob.queues.register({ event_types: ['muted_users'] });
    expect(queue.muted_users).toEqual([]);
    expect(await asBob.callEndpoint(`/users/me/muted_users/${alice.id}`, 'POST', {})).toEqual({
      result: 'success',
      msg: '',
    });
    const { events } = await asBob.events.retrieve({
      queue_id: queue.queue_id,
      last_event_id: queue.last_event_id,
    });
    expect(events).toEqual([
      expect.objectContaining({
        type: 'muted_users',
        muted_users: [{ id: alice.id, timestamp: expect.any(Number) }],
      }),
    ]);
    expect(await asBob.callEndpoint(`/users/me/muted_users/${alice.id}`, 'DELETE', {})).toEqual({
      result: 'success',
      msg: '',
    });
    expect(await asBob.callEndpoint(`/users/me/muted_users/${alice.id}`, 'DELETE', {})).toEqual({
      result: 'error',
      msg: 'User is not muted',
      code: 'BAD_REQUEST',
    });
    await asBob.queues.deregister({ queue_id: queue.queue_id });
  });

  it('keeps, edits and deletes a draft through callEndpoint, hearing each on its queue', async () => {
    const queue = await asBob.queues.register({ event_types: ['drafts'] });
    expect(queue.drafts).toEqual([]);
    const draft = { type: 'private', to: [alice.id], topic: '', content: 'Half a thought' };
    const made = await asBob.callEndpoint('/drafts', 'POST', { drafts: JSON.stringify([draft]) });
    expect(made).toEqual({ result: 'success', msg: '', ids: [expect.any(Number)] });
    const id = (made.ids as number[])[0];
    expect(await asBob.callEndpoint('/drafts', 'GET')).toMatchObject({
      count: 1,
      drafts: [{ id, ...draft }],
    });
    await asBob.callEndpoint(`/drafts/${id}`, 'PATCH', {
      draft: JSON.stringify({ ...draft, content: 'A whole thought' }),
    });
    await asBob.callEndpoint(`/drafts/${id}`, 'DELETE', {});
    const { events } = await asBob.events.retrieve({
      queue_id: queue.queue_id,
      last_event_id: queue.last_event_id,
    });
    expect(events.map((event: { op: string }) => event.op)).toEqual(['add', 'update', 'remove']);
    expect(events[1]).toMatchObject({ draft: { id, content: 'A whole thought' } });
    await asBob.queues.deregister({ queue_id: queue.queue_id });
  });

  it('schedules, lists, reschedules and cancels a message through callEndpoint, hearing each on its queue', async () => {
    const queue = await asBob.queues.register({ event_types: ['scheduled_messages'] });
    expect(queue.scheduled_messages).toEqual([]);
    const tomorrow = Math.floor(Date.now() / 1000) + 86_400;
    const made = await asBob.callEndpoint('/scheduled_messages', 'POST', {
      type: 'direct',
      to: JSON.stringify([alice.id]),
      content: 'See you tomorrow',
      scheduled_delivery_timestamp: tomorrow,
    });
    expect(made).toEqual({ result: 'success', msg: '', scheduled_message_id: expect.any(Number) });
    const id = made.scheduled_message_id as number;
    expect(await asBob.callEndpoint('/scheduled_messages', 'GET')).toMatchObject({
      scheduled_messages: [
        { scheduled_message_id: id, type: 'private', to: [alice.id], failed: false },
      ],
    });
    await asBob.callEndpoint(`/scheduled_messages/${id}`, 'PATCH', {
      scheduled_delivery_timestamp: tomorrow + 3600,
    });
    await asBob.callEndpoint(`/scheduled_messages/${id}`, 'DELETE', {});
    const { events } = await asBob.events.retrieve({
      queue_id: queue.queue_id,
      last_event_id: queue.last_event_id,
    });
    expect(events.map((event: { op: string }) => event.op)).toEqual(['add', 'update', 'remove']);
    expect(events[1]).toMatchObject({
      scheduled_message: {
        scheduled_message_id: id,
        scheduled_delivery_timestamp: tomorrow + 3600,
      },
    });
    await asBob.queues.deregister({ queue_id: queue.queue_id });
  });

  it("lists the organization's custom emoji, one added and one removed through callEndpoint", async () => {
    // zulip-js has no upload call, and swaps the global FormData for its
    // own; the image goes to /realm/emoji/{name} as a form written by hand.
    const { body, type } = multipart([{ filename: 'grape.png', data: solidPng(8, [90, 30, 160]) }]);
    const token = Buffer.from(`${alice.email}:${alice.apiKey}`).toString('base64');
    for (const name of ['grape', 'old_grape']) {
      const response = await fetch(`${org.url}/api/v1/realm/emoji/${name}`, {
        method: 'POST',
        headers: { Authorization: `Basic ${token}`, 'Content-Type': type },
        body: new Uint8Array(body),
      });
      expect(response.status).toBe(200);
    }
    expect(await asAlice.callEndpoint('/realm/emoji/old_grape', 'DELETE', {})).toMatchObject({
      result: 'success',
    });
    const { emoji } = await asBob.emojis.retrieve();
    expect(Object.values(emoji)).toEqual([
      expect.objectContaining({ name: 'grape', deactivated: false, author_id: alice.id }),
      expect.objectContaining({ name: 'old_grape', deactivated: true, author_id: alice.id }),
    ]);
  });

  it('adds a linkifier through callEndpoint, hears it on a queue that reads templates, and gets links in content and topic', async () => {
    const queue = await asBob.queues.register({
      event_types: ['realm_linkifiers'],
      client_capabilities: JSON.stringify({ linkifier_url_template: true }),
    });
    expect(queue.realm_linkifiers).toEqual([]);
    const added = await asOwner.callEndpoint('/realm/filters', 'POST', {
      pattern: '#(?P<id>[0-9]+)',
      url_template: 'https://github.com/zulip/zulip/issues/{id}',
    });
    expect(added).toMatchObject({ result: 'success', id: expect.any(Number) });
    // With Zulip 12's fields, none given (feature levels 471 and 478).
    const linkifier = {
      id: added.id,
      pattern: '#(?P<id>[0-9]+)',
      url_template: 'https://github.com/zulip/zulip/issues/{id}',
      example_input: null,
      reverse_template: null,
      alternative_url_templates: [],
    };
    const { events } = await asBob.events.retrieve({
      queue_id: queue.queue_id,
      last_event_id: queue.last_event_id,
    });
    expect(events).toEqual([
      expect.objectContaining({ type: 'realm_linkifiers', realm_linkifiers: [linkifier] }),
    ]);
    expect(await asBob.callEndpoint('/realm/linkifiers', 'GET', {})).toEqual({
      result: 'success',
      msg: '',
      linkifiers: [linkifier],
    });
    // zulip-js's filters.retrieve asks for the list Zulip 7.0 no longer reads at that address.
    expect(await asBob.filters.retrieve()).toMatchObject({
      result: 'error',
      msg: 'Method Not Allowed',
    });

    const id = await sendToDesign(asAlice, 'issue #7', 'Fixed in #7');
    const [message] = (await newest(asBob, [{ operator: 'id', operand: id }])) as unknown as {
      content: string;
      topic_links: unknown;
    }[];
    expect(message?.content).toBe(
      '<p>Fixed in <a href="https://github.com/zulip/zulip/issues/7">#7</a></p>',
    );
    expect(message?.topic_links).toEqual([
      { text: '#7', url: 'https://github.com/zulip/zulip/issues/7' },
    ]);
    expect(await asOwner.callEndpoint(`/realm/filters/${added.id}`, 'DELETE', {})).toEqual({
      result: 'success',
      msg: '',
    });
    await asBob.queues.deregister({ queue_id: queue.queue_id });
  });
});
