import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { makeGroup } from '../helpers/userGroups';

const administrators = 2;
const moderators = 3;
const everyone = 6;
// role:nobody: a new organization's first group after the seven role groups.
const nobody = 8;

describe("a channel's own permissions (Zulip 10 and 11's group settings)", () => {
  let org: Org;
  let carol: TestUser;
  let dave: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    carol = await org.user('carol');
    dave = await org.user('dave');
  });
  afterAll(() => org.close());

  const create = (user: TestUser, name: string, params: Record<string, unknown> = {}) =>
    org.api(user)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name }],
      principals: [carol.id, dave.id],
      ...params,
    });
  const channel = async (name: string): Promise<Record<string, unknown>> => {
    const { streams } = (await org.api(org.owner)('GET', '/streams', { include_all_active: true }))
      .json as { streams: Record<string, unknown>[] };
    const found = streams.find((stream) => stream.name === name);
    if (!found) throw new Error(`no channel ${name}`);
    return found;
  };
  const post = (user: TestUser, name: string) =>
    org.api(user)('POST', '/messages', { type: 'stream', to: name, topic: 't', content: 'hi' });
  const update = (user: TestUser, id: unknown, params: Record<string, unknown>) =>
    org.api(user)('PATCH', `/streams/${String(id)}`, params);

  it("starts a new channel at Zulip's defaults: its maker administers it, everyone posts", async () => {
    expect((await create(carol, 'garden')).json.result).toBe('success');
    expect(await channel('garden')).toMatchObject({
      creator_id: carol.id,
      can_administer_channel_group: { direct_members: [carol.id], direct_subgroups: [] },
      can_send_message_group: everyone,
      can_create_topic_group: everyone,
      can_remove_subscribers_group: administrators,
      can_add_subscribers_group: nobody,
      can_subscribe_group: nobody,
      can_move_messages_within_channel_group: nobody,
      can_move_messages_out_of_channel_group: nobody,
      can_resolve_topics_group: nobody,
      can_delete_any_message_group: nobody,
      can_delete_own_message_group: nobody,
      stream_post_policy: 1,
      is_announcement_only: false,
    });
    // Its maker may change it; another member may not.
    const id = (await channel('garden')).stream_id;
    expect((await update(carol, id, { description: 'Roses' })).json.result).toBe('success');
    expect((await update(dave, id, { description: 'Weeds' })).json).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'You do not have permission to administer this channel.',
    });
  });

  it('reads is_announcement_only, as the interface spec has it, as administrators only', async () => {
    await create(carol, 'news', { is_announcement_only: true });
    expect(await channel('news')).toMatchObject({
      can_send_message_group: administrators,
      stream_post_policy: 2,
      is_announcement_only: true,
    });
    expect((await post(carol, 'news')).json.msg).toBe(
      'You do not have permission to post in this channel.',
    );
    expect((await post(org.owner, 'news')).json.result).toBe('success');
  });

  it('lets only the group it names post, announces the change, and keeps it', async () => {
    await create(org.owner, 'duty');
    const id = (await channel('duty')).stream_id;
    const queueId = (await org.api(dave)('POST', '/register', { event_types: ['stream'] })).json
      .queue_id as string;
    const value = { direct_members: [carol.id], direct_subgroups: [moderators] };
    const changed = await update(org.owner, id, {
      can_send_message_group: { new: value, old: everyone },
    });
    expect(changed.json.result).toBe('success');
    const events = (
      await org.api(dave)('GET', '/events', { queue_id: queueId, dont_block: true })
    ).json.events.map(({ id: _id, ...event }: Record<string, unknown>) => event);
    const named = { type: 'stream', op: 'update', stream_id: id, name: 'duty' };
    expect(events).toEqual([
      { ...named, property: 'can_send_message_group', value },
      { ...named, property: 'stream_post_policy', value: 2 },
      { ...named, property: 'is_announcement_only', value: true },
    ]);
    expect((await post(carol, 'duty')).json.result).toBe('success');
    expect((await post(dave, 'duty')).json.msg).toBe(
      'You do not have permission to post in this channel.',
    );
    await org.restart();
    expect((await channel('duty')).can_send_message_group).toEqual(value);
  });

  it('follows a change of group members or subgroups at the next send, between sends', async () => {
    const inner = await makeGroup(org, 'rota inner', [carol.id]);
    const outer = await makeGroup(org, 'rota outer');
    const asOwner = org.api(org.owner);
    await asOwner('POST', `/user_groups/${outer}/subgroups`, { add: [inner] });
    await create(org.owner, 'rota', { can_send_message_group: outer });
    const refusal = 'You do not have permission to post in this channel.';
    expect((await post(carol, 'rota')).json.result).toBe('success');
    expect((await post(dave, 'rota')).json.msg).toBe(refusal);

    await asOwner('POST', `/user_groups/${inner}/members`, { add: [dave.id] });
    expect((await post(dave, 'rota')).json.result).toBe('success');
    await asOwner('POST', `/user_groups/${inner}/members`, { delete: [carol.id] });
    expect((await post(carol, 'rota')).json.msg).toBe(refusal);
    expect((await post(dave, 'rota')).json.result).toBe('success');
    await asOwner('POST', `/user_groups/${outer}/subgroups`, { delete: [inner] });
    expect((await post(dave, 'rota')).json.msg).toBe(refusal);
  });

  it("still takes Zulip 7.0's stream_post_policy, refusing in Zulip 12's words", async () => {
    await create(org.owner, 'mods');
    const id = (await channel('mods')).stream_id;
    expect((await update(org.owner, id, { stream_post_policy: 4 })).json.result).toBe('success');
    expect(await channel('mods')).toMatchObject({
      can_send_message_group: moderators,
      stream_post_policy: 4,
    });
    expect((await post(carol, 'mods')).json.msg).toBe(
      'You do not have permission to post in this channel.',
    );
  });

  it("grants moving and deleting in one channel on top of the organization's settings", async () => {
    await org.api(org.owner)('PATCH', '/realm', {
      can_move_messages_between_topics_group: { new: administrators },
    });
    await create(org.owner, 'workshop');
    await create(org.owner, 'office');
    const workshop = (await channel('workshop')).stream_id;
    await update(org.owner, workshop, {
      can_move_messages_within_channel_group: {
        new: { direct_members: [dave.id], direct_subgroups: [] },
      },
      can_delete_own_message_group: { new: 5 },
    });
    const rename = async (name: string) => {
      const id = await org.sendStream(dave, name, 'old', 'to move');
      return org.api(dave)('PATCH', `/messages/${id}`, { topic: 'new' });
    };
    expect((await rename('workshop')).json.result).toBe('success');
    expect((await rename('office')).json.msg).toBe(
      "You don't have permission to edit this message",
    );
    // The organization leaves deleting one's own messages to administrators.
    const remove = async (name: string) => {
      const id = await org.sendStream(carol, name, 'mine', 'to delete');
      return org.api(carol)('DELETE', `/messages/${id}`);
    };
    expect((await remove('workshop')).json.result).toBe('success');
    expect((await remove('office')).json.msg).toBe(
      "You don't have permission to delete this message",
    );
    await org.api(org.owner)('PATCH', '/realm', {
      can_move_messages_between_topics_group: { new: everyone },
    });
  });

  it('will not deactivate a group a channel setting names', async () => {
    const posters = await makeGroup(org, 'posters', [carol.id]);
    await create(org.owner, 'board');
    const board = (await channel('board')).stream_id;
    await update(org.owner, board, { can_send_message_group: { new: posters } });
    expect((await org.api(org.owner)('POST', `/user_groups/${posters}/deactivate`)).json).toEqual({
      result: 'error',
      code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
      msg: 'Cannot deactivate user group in use.',
      objections: [{ type: 'channel', channel_id: board, settings: ['can_send_message_group'] }],
    });
    // Once the channel is archived its permissions no longer hold anyone.
    await org.api(org.owner)('DELETE', `/streams/${String(board)}`);
    expect(
      (await org.api(org.owner)('POST', `/user_groups/${posters}/deactivate`)).json.result,
    ).toBe('success');
  });

  it('refuses what Zulip refuses, and hides a private channel one cannot see', async () => {
    await create(carol, 'quiet');
    const id = (await channel('quiet')).stream_id;
    const refusals: [Record<string, unknown>, string][] = [
      [
        { can_subscribe_group: { new: everyone } },
        "'can_subscribe_group' setting cannot be set to 'role:everyone' group.",
      ],
      [{ can_send_message_group: { new: 999 } }, 'Invalid user group'],
      [
        { can_send_message_group: { new: moderators, old: administrators } },
        "'old' value does not match the expected value.",
      ],
    ];
    for (const [params, msg] of refusals) {
      expect((await update(carol, id, params)).json, msg).toEqual({
        result: 'error',
        code: 'BAD_REQUEST',
        msg,
      });
    }
    expect((await channel('quiet')).can_send_message_group).toBe(everyone);

    await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'secret' }],
      invite_only: true,
    });
    const secret = (await channel('secret')).stream_id;
    expect((await update(dave, secret, { description: 'Mine' })).json.msg).toBe(
      'Invalid channel ID',
    );
  });

  it('keeps topics open to everyone in a channel whose history newcomers cannot read', async () => {
    const refusal = {
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Unsupported parameter combination: history_public_to_subscribers, can_create_topic_group',
      parameters: 'history_public_to_subscribers, can_create_topic_group',
    };
    expect(
      (await create(carol, 'vault', { invite_only: true, can_create_topic_group: administrators }))
        .json,
    ).toEqual(refusal);
    const created = await create(carol, 'vault', {
      invite_only: true,
      history_public_to_subscribers: true,
      can_create_topic_group: administrators,
    });
    expect(created.json.result).toBe('success');
    const vault = await channel('vault');
    // Protecting its history now would leave topics closed to newcomers.
    expect(
      (await update(carol, vault.stream_id, { history_public_to_subscribers: false })).json,
    ).toEqual(refusal);
    expect((await channel('vault')).history_public_to_subscribers).toBe(true);
    const both = await update(carol, vault.stream_id, {
      history_public_to_subscribers: false,
      can_create_topic_group: { new: everyone },
    });
    expect(both.json.result).toBe('success');
    expect(
      (await update(carol, vault.stream_id, { can_create_topic_group: { new: administrators } }))
        .json,
    ).toEqual(refusal);
    expect(await channel('vault')).toMatchObject({
      history_public_to_subscribers: false,
      can_create_topic_group: everyone,
    });
  });
});
