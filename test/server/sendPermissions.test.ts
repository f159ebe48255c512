import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { makeGroup } from '../helpers/userGroups';

const administrators = 2;
const members = 5;
const everyone = 6;
const nobody = { direct_members: [], direct_subgroups: [] };

describe('what may be sent, as Zulip 12 decides it from group settings', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
  });
  afterAll(() => org.close());

  const send = (user: TestUser, to: string, topic: string, content = 'hi') =>
    org.api(user)('POST', '/messages', { type: 'stream', to, topic, content });
  const direct = (user: TestUser, to: readonly TestUser[], content = 'hi') =>
    org.api(user)('POST', '/messages', { type: 'direct', to: to.map((u) => u.id), content });
  const streamId = async (name: string): Promise<number> =>
    (await org.api(org.owner)('GET', '/get_stream_id', { stream: name })).json.stream_id as number;
  // A generic bot of the owner's, with what it signs in with.
  const makeBot = async (shortName: string): Promise<TestUser> => {
    const made = await org.api(org.owner)('POST', '/bots', {
      full_name: shortName,
      short_name: shortName,
      bot_type: 1,
    });
    expect(made.json.result).toBe('success');
    const id = made.json.user_id as number;
    const { email } = (await org.api(org.owner)('GET', `/users/${id}`)).json.user as {
      email: string;
    };
    return { id, email, fullName: shortName, apiKey: made.json.api_key as string };
  };
  const setRealm = async (settings: Record<string, unknown>) => {
    const patch = Object.fromEntries(
      Object.entries(settings).map(([name, value]) => [name, { new: value }]),
    );
    const changed = await org.api(org.owner)('PATCH', '/realm', patch);
    expect(changed.json.result, JSON.stringify(changed.json)).toBe('success');
  };

  describe("a channel's can_create_topic_group", () => {
    let kitchen: number;
    beforeAll(async () => {
      for (const user of [org.owner, alice, bob]) await org.subscribe(user, 'kitchen');
      await org.sendStream(alice, 'kitchen', 'recipes', 'soup');
      kitchen = await streamId('kitchen');
      const changed = await org.api(org.owner)('PATCH', `/streams/${kitchen}`, {
        can_create_topic_group: { new: administrators },
      });
      expect(changed.json.result).toBe('success');
    });
    const refusal = {
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'You do not have permission to create new topics in this channel.',
    };

    it('lets anyone who may post answer a topic that has messages, and only it', async () => {
      expect((await send(bob, 'kitchen', 'recipes')).json.result).toBe('success');
      // Topics match without regard to case, as Zulip's do.
      expect((await send(bob, 'kitchen', 'RECIPES')).json.result).toBe('success');
      expect((await send(bob, 'kitchen', 'desserts')).json).toMatchObject(refusal);
      expect((await send(org.owner, 'kitchen', 'desserts')).json.result).toBe('success');
      expect((await send(bob, 'kitchen', 'desserts')).json.result).toBe('success');
    });

    it('holds for a move into a new topic, but not for marking a topic resolved', async () => {
      const id = await org.sendStream(bob, 'kitchen', 'recipes', 'move me');
      await setRealm({ can_move_messages_between_topics_group: members });
      await setRealm({ can_resolve_topics_group: members });
      expect(
        (await org.api(bob)('PATCH', `/messages/${id}`, { topic: 'leftovers' })).json,
      ).toMatchObject(refusal);
      expect(
        (await org.api(bob)('PATCH', `/messages/${id}`, { topic: 'desserts' })).json.result,
      ).toBe('success');
      const resolved = await org.api(bob)('PATCH', `/messages/${id}`, {
        topic: '✔ desserts',
        propagate_mode: 'change_all',
      });
      expect(resolved.json.result).toBe('success');
      const messages = (
        await org.api(bob)('GET', '/messages', {
          anchor: 'newest',
          num_before: 1,
          num_after: 0,
          narrow: [{ operator: 'stream', operand: 'kitchen' }],
        })
      ).json.messages as { subject: string }[];
      expect(messages.map((message) => message.subject)).toEqual(['✔ desserts']);
    });

    it('lets a bot start a topic where its owner could', async () => {
      const chef = await makeBot('chef');
      expect((await send(chef, 'kitchen', 'specials')).json.result).toBe('success');
    });
  });

  describe('mentions', () => {
    it("asks a group's can_mention_group for a mention that notifies, not for a silent or quoted one", async () => {
      const cooks = await makeGroup(org, 'cooks', [carol.id]);
      const changed = await org.api(org.owner)('PATCH', `/user_groups/${cooks}`, {
        can_mention_group: { new: { direct_members: [alice.id], direct_subgroups: [] } },
      });
      expect(changed.json.result).toBe('success');
      await org.subscribe(carol, 'kitchen');
      expect((await send(bob, 'kitchen', 'recipes', 'hey @*cooks*')).json).toMatchObject({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: "You are not allowed to mention user group 'cooks'.",
      });
      expect((await send(bob, 'kitchen', 'recipes', 'hey @_*cooks*')).json.result).toBe('success');
      expect((await send(bob, 'kitchen', 'recipes', '> hey @*cooks*')).json.result).toBe('success');
      expect((await send(alice, 'kitchen', 'recipes', 'hey @*cooks*')).json.result).toBe('success');
      // An edit that adds the mention meets the same check, and the message stays as it was.
      const id = await org.sendStream(bob, 'kitchen', 'recipes', 'plain');
      expect(
        (await org.api(bob)('PATCH', `/messages/${id}`, { content: 'now @*cooks*' })).json.msg,
      ).toBe("You are not allowed to mention user group 'cooks'.");
      const kept = (await org.api(bob)('GET', `/messages/${id}`)).json.message.content as string;
      expect(kept).toBe('<p>plain</p>');
    });

    it('asks can_mention_many_users_group for @all only in a channel of more than 15', async () => {
      await setRealm({ can_mention_many_users_group: administrators });
      for (const user of [alice, bob]) await org.subscribe(user, 'small room');
      expect((await send(bob, 'small room', 't', '@**all** lunch')).json.result).toBe('success');
      const crowd: TestUser[] = [];
      for (let index = 0; index < 16; index += 1) crowd.push(await org.user(`crowd${index}`));
      for (const user of [alice, bob, ...crowd]) await org.subscribe(user, 'big room');
      expect((await send(bob, 'big room', 't', '@**all** lunch')).json).toMatchObject({
        result: 'error',
        code: 'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
        msg: 'You do not have permission to use channel wildcard mentions in this channel.',
      });
      expect((await send(bob, 'big room', 't', '@_**all** lunch')).json.result).toBe('success');
      await org.subscribe(org.owner, 'big room');
      expect((await send(org.owner, 'big room', 't', '@**all** lunch')).json.result).toBe(
        'success',
      );
      await setRealm({ can_mention_many_users_group: everyone });
      expect((await send(bob, 'big room', 't', '@**all** lunch')).json.result).toBe('success');
    });
  });

  describe('direct messages', () => {
    afterAll(() =>
      setRealm({
        direct_message_permission_group: everyone,
        direct_message_initiator_group: everyone,
      }),
    );

    it('are off for people, not for bots or oneself, when direct_message_permission_group is nobody', async () => {
      await setRealm({ direct_message_permission_group: nobody });
      // Zulip 7.0's clients read it as their private_message_policy of 2, disabled.
      const registered = await org.api(alice)('POST', '/register', {
        fetch_event_types: ['realm'],
      });
      expect(registered.json.realm_private_message_policy).toBe(2);
      expect((await direct(alice, [bob])).json).toMatchObject({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'Direct messages are disabled in this organization.',
      });
      expect((await direct(alice, [alice])).json.result).toBe('success');
      expect((await direct(alice, [await makeBot('butler')])).json.result).toBe('success');
    });

    it('need someone in the conversation who holds direct_message_permission_group', async () => {
      await setRealm({ direct_message_permission_group: administrators });
      expect((await direct(alice, [bob])).json.msg).toBe(
        'This conversation does not include any users who can authorize it.',
      );
      expect((await direct(alice, [bob, org.owner])).json.result).toBe('success');
      expect((await direct(alice, [org.owner])).json.result).toBe('success');
      await setRealm({ direct_message_permission_group: everyone });
    });

    it('may only be answered, not started, outside direct_message_initiator_group', async () => {
      expect((await direct(alice, [bob])).json.result).toBe('success');
      await setRealm({ direct_message_initiator_group: administrators });
      const refusal = 'You do not have permission to initiate direct message conversations.';
      expect((await direct(carol, [bob])).json.msg).toBe(refusal);
      expect((await direct(carol, [bob, alice])).json.msg).toBe(refusal);
      expect((await direct(org.owner, [carol])).json.result).toBe('success');
      expect((await direct(carol, [org.owner])).json.result).toBe('success');
      expect((await direct(org.owner, [carol, bob])).json.result).toBe('success');
      expect((await direct(carol, [bob, org.owner])).json.result).toBe('success');
      // alice wrote to bob while anyone could start a conversation.
      expect((await direct(bob, [alice])).json.result).toBe('success');
    });
  });

  describe('adding and removing subscribers', () => {
    let garden: number;
    beforeAll(async () => {
      await org.subscribe(org.owner, 'garden');
      garden = await streamId('garden');
      await org.subscribe(alice, 'garden');
    });
    afterAll(() => setRealm({ can_add_subscribers_group: members }));
    const add = (user: TestUser, who: TestUser) =>
      org.api(user)('POST', '/users/me/subscriptions', {
        subscriptions: [{ name: 'garden' }],
        principals: [who.id],
      });
    const remove = (user: TestUser, who: TestUser) =>
      org.api(user)('DELETE', '/users/me/subscriptions', {
        subscriptions: ['garden'],
        principals: [who.id],
      });

    it("adds others where the organization's or the channel's setting allows", async () => {
      await setRealm({ can_add_subscribers_group: administrators });
      expect((await add(alice, bob)).json).toMatchObject({ msg: 'Insufficient permission' });
      const changed = await org.api(org.owner)('PATCH', `/streams/${garden}`, {
        can_add_subscribers_group: { new: { direct_members: [alice.id], direct_subgroups: [] } },
      });
      expect(changed.json.result).toBe('success');
      expect((await add(alice, bob)).json).toMatchObject({
        result: 'success',
        subscribed: { [bob.email]: ['garden'] },
      });
      // A channel one makes is one's own to fill.
      const made = await org.api(carol)('POST', '/users/me/subscriptions', {
        subscriptions: [{ name: "carol's corner" }],
        principals: [carol.id, bob.id],
      });
      expect(made.json.result).toBe('success');
      expect((await add(bob, carol)).json).toMatchObject({ msg: 'Insufficient permission' });
    });

    it("removes others where the channel's can_remove_subscribers_group allows", async () => {
      expect((await remove(alice, bob)).json).toMatchObject({ msg: 'Insufficient permission' });
      const group = await makeGroup(org, 'weeders', [alice.id]);
      const changed = await org.api(org.owner)('PATCH', `/streams/${garden}`, {
        can_remove_subscribers_group: { new: group },
      });
      expect(changed.json.result).toBe('success');
      expect((await remove(alice, bob)).json).toMatchObject({
        result: 'success',
        removed: ['garden'],
      });
      expect((await remove(org.owner, alice)).json.result).toBe('success');
    });

    it('invites to channels only where one may add subscribers, default channels aside', async () => {
      await setRealm({ create_multiuse_invite_group: members });
      await setRealm({ can_add_subscribers_group: administrators });
      // The owner makes it: bob would administer a channel of his own making.
      await org.subscribe(org.owner, 'lobby');
      const lobby = await streamId('lobby');
      const invite = (streamIds: number[]) =>
        org.api(bob)('POST', '/invites/multiuse', { stream_ids: streamIds });
      expect((await invite([lobby])).json).toMatchObject({
        result: 'error',
        msg: 'You do not have permission to subscribe other users to channels.',
      });
      expect(
        (await org.api(org.owner)('POST', '/default_streams', { stream_id: lobby })).json.result,
      ).toBe('success');
      expect((await invite([lobby])).json.result).toBe('success');
      await setRealm({ create_multiuse_invite_group: administrators });
    });
  });
});
