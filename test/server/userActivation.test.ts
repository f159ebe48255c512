import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedEvents, registerQueue } from '../helpers/eventQueue';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Deactivating and reactivating someone as Zulip 12 tells it: an update of
// is_active rather than `remove` and `add` (feature level 222); no group
// holds a deactivated user (303); `peer_remove` from their channels,
// archived ones too (377, 428); and a guest who saw them only through a
// channel loses sight of them (228); and what else goes with the account
// when the administrator asks (459).

const members = 5;

type Json = Record<string, unknown>;

const summarizers = (people: number[]) => ({ direct_members: people, direct_subgroups: [members] });

interface ListedGroup {
  id: number;
  name: string;
  members: number[];
}

describe('deactivating and reactivating a user', () => {
  let org: Org;
  let alice: TestUser;
  let dora: TestUser;
  let gus: TestUser;
  let groupId: number;
  let archivedId: number;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    dora = await org.user('dora');
    gus = await org.user('gus');
    await org.subscribe(dora, 'porch');
    await org.subscribe(dora, 'old');
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'porch' }],
      principals: [gus.id, alice.id],
    });
    await org.api(org.owner)('PATCH', `/users/${gus.id}`, { role: 600 });
    await org.api(gus)('DELETE', '/users/me/subscriptions', {
      subscriptions: JSON.stringify(['general']),
    });
    await org.api(org.owner)('PATCH', '/realm', {
      can_access_all_users_group: JSON.stringify({ new: members }),
    });
    const made = await org.api(alice)('POST', '/user_groups/create', {
      name: 'gardeners',
      description: 'who tends the garden',
      members: [alice.id, dora.id],
    });
    groupId = made.json.group_id as number;
    // Dora is named in anonymous groups of an organization's and a group's settings too.
    await org.api(org.owner)('PATCH', '/realm', {
      can_summarize_topics_group: { new: summarizers([dora.id]) },
    });
    await org.api(org.owner)('PATCH', `/user_groups/${groupId}`, {
      can_join_group: { new: { direct_members: [dora.id], direct_subgroups: [] } },
    });
    archivedId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'old' })).json
      .stream_id as number;
    await org.api(org.owner)('DELETE', `/streams/${archivedId}`);
  });
  afterAll(() => org.close());

  const watch = (user: TestUser, params: Json = {}) =>
    registerQueue(org, user, {
      event_types: ['realm_user', 'user_group', 'subscription', 'realm_bot', 'realm'],
      ...params,
    });
  const groupOf = async (user: TestUser): Promise<ListedGroup | undefined> => {
    const { realm_user_groups: groups } = (
      await org.api(user)('POST', '/register', { fetch_event_types: ['realm_user_groups'] })
    ).json as { realm_user_groups: ListedGroup[] };
    return groups.find((group) => group.id === groupId);
  };
  const withoutIds = (events: Json[]) => events.map(({ id: _id, ...event }) => event);

  it('tells everyone who sees the user of is_active, and channels and groups of their leaving', async () => {
    const porchId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'porch' })).json
      .stream_id as number;
    const [aliceQueue, gusQueue] = await Promise.all([watch(alice), watch(gus)]);

    expect((await org.api(org.owner)('DELETE', `/users/${dora.id}`)).json.result).toBe('success');

    const heard = withoutIds(await queuedEvents(org, alice, aliceQueue));
    expect(heard).toEqual(
      expect.arrayContaining([
        { type: 'subscription', op: 'peer_remove', stream_ids: [porchId], user_ids: [dora.id] },
        // Zulip 12 (feature level 428): an archived channel's subscribers are told too.
        { type: 'subscription', op: 'peer_remove', stream_ids: [archivedId], user_ids: [dora.id] },
        { type: 'realm_user', op: 'update', person: { user_id: dora.id, is_active: false } },
      ]),
    );
    // Whoever hears the update takes the user out of each group themselves (feature level 303).
    expect(heard.filter((event) => ['user_group', 'realm'].includes(event.type as string))).toEqual(
      [],
    );
    expect(heard.some((event) => event.op === 'remove')).toBe(false);

    // The guest saw Dora only through #porch: no update, but her groups and a `remove`.
    const told = withoutIds(await queuedEvents(org, gus, gusQueue));
    expect(told).toEqual(
      expect.arrayContaining([
        { type: 'subscription', op: 'peer_remove', stream_ids: [porchId], user_ids: [dora.id] },
        { type: 'user_group', op: 'remove_members', group_id: groupId, user_ids: [dora.id] },
        {
          type: 'realm_user',
          op: 'remove',
          person: { user_id: dora.id, full_name: 'Unknown user' },
        },
        // And the settings that named her, as they now stand.
        {
          type: 'realm',
          op: 'update_dict',
          property: 'default',
          data: { can_summarize_topics_group: summarizers([]) },
        },
        {
          type: 'user_group',
          op: 'update',
          group_id: groupId,
          data: { can_join_group: { direct_members: [], direct_subgroups: [] } },
        },
      ]),
    );
    expect(told.some((event) => event.type === 'realm_user' && event.op === 'update')).toBe(false);
  });

  it('leaves the deactivated user out of every group and channel, and keeps that after a restart', async () => {
    await org.restart();
    expect((await groupOf(alice))?.members).toEqual([alice.id]);
    const state = (
      await org.api(alice)('POST', '/register', {
        fetch_event_types: ['realm_user_groups', 'subscription'],
        include_subscribers: true,
      })
    ).json as {
      realm_user_groups: ListedGroup[];
      subscriptions: { name: string; subscribers: number[] }[];
    };
    const everyGroupMember = state.realm_user_groups.flatMap((group) => group.members);
    expect(everyGroupMember).not.toContain(dora.id);
    const porch = state.subscriptions.find((sub) => sub.name === 'porch');
    expect(porch?.subscribers).not.toContain(dora.id);
    // The spec's GET /users/me/subscriptions, which names subscribers by email, alike.
    const listed = (
      await org.api(alice)('GET', '/users/me/subscriptions', { include_subscribers: true })
    ).json.subscriptions as { name: string; subscribers: string[] }[];
    const porchEmails = listed.find((sub) => sub.name === 'porch')?.subscribers;
    expect(porchEmails).toContain(alice.email);
    expect(porchEmails).not.toContain(dora.email);
    const groupMembers = await org.api(alice)('GET', `/user_groups/${groupId}/members`);
    expect(groupMembers.json.members).toEqual([alice.id]);
    const settings = (
      await org.api(alice)('POST', '/register', {
        fetch_event_types: ['realm', 'realm_user_groups'],
      })
    ).json as Json & { realm_user_groups: (ListedGroup & { can_join_group: unknown })[] };
    expect(settings.realm_can_summarize_topics_group).toEqual(summarizers([]));
    expect(
      settings.realm_user_groups.find((group) => group.id === groupId)?.can_join_group,
    ).toEqual({ direct_members: [], direct_subgroups: [] });
  });

  it('refuses to add a deactivated user to a group', async () => {
    const added = await org.api(alice)('POST', `/user_groups/${groupId}/members`, {
      add: [dora.id],
    });
    expect(added.json).toMatchObject({ result: 'error', msg: `Invalid user ID: ${dora.id}` });
  });

  it('gives the reactivated user back their groups and channels, and says so', async () => {
    const porchId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'porch' })).json
      .stream_id as number;
    const [aliceQueue, gusQueue] = await Promise.all([watch(alice), watch(gus)]);

    expect((await org.api(org.owner)('POST', `/users/${dora.id}/reactivate`)).json.result).toBe(
      'success',
    );

    const heard = withoutIds(await queuedEvents(org, alice, aliceQueue));
    expect(heard).toEqual(
      expect.arrayContaining([
        { type: 'realm_user', op: 'update', person: { user_id: dora.id, is_active: true } },
        { type: 'subscription', op: 'peer_add', stream_ids: [porchId], user_ids: [dora.id] },
        { type: 'user_group', op: 'add_members', group_id: groupId, user_ids: [dora.id] },
        {
          type: 'realm',
          op: 'update_dict',
          property: 'default',
          data: { can_summarize_topics_group: summarizers([dora.id]) },
        },
      ]),
    );
    // Zulip's do_reactivate_user passes over archived channels, leaving clients
    // that keep them (archived_channels) a subscriber short of what register
    // gives; the host tells them as deactivation's peer_remove did.
    expect(heard).toContainEqual({
      type: 'subscription',
      op: 'peer_add',
      stream_ids: [archivedId],
      user_ids: [dora.id],
    });
    expect(heard.some((event) => event.op === 'add')).toBe(false);
    expect((await groupOf(alice))?.members).toEqual([alice.id, dora.id]);

    // The guest sees Dora again through #porch: an `add`, not an update.
    const told = withoutIds(await queuedEvents(org, gus, gusQueue));
    expect(told).toContainEqual(
      expect.objectContaining({
        type: 'realm_user',
        op: 'add',
        person: expect.objectContaining({ user_id: dora.id, is_active: true }),
      }),
    );
    expect(told.some((event) => event.type === 'realm_user' && event.op === 'update')).toBe(false);
  });

  it("tells a bot's deactivation and reactivation as realm_user updates alone, realm_bots saying nothing of activity", async () => {
    const bot = (
      await org.api(alice)('POST', '/bots', {
        full_name: 'Sprinkler',
        short_name: 'sprinkler',
        bot_type: 2,
      })
    ).json.user_id as number;
    const queue = await watch(alice);
    await org.api(alice)('DELETE', `/bots/${bot}`);
    await org.api(org.owner)('POST', `/users/${bot}/reactivate`);
    const botEvents = withoutIds(await queuedEvents(org, alice, queue)).filter(
      (event) => event.type === 'realm_bot' || event.type === 'realm_user',
    );
    expect(botEvents).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: bot, is_active: false } },
      { type: 'realm_user', op: 'update', person: { user_id: bot, is_active: true } },
    ]);
  });

  it('deletes the profile and the messages the actions ask for, and keeps the others', async () => {
    const fran = await org.user('fran');
    await org.subscribe(fran, 'porch');
    await org.api(fran)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'closet' }],
      invite_only: true,
      principals: [fran.id, alice.id],
    });
    const send = async (params: Json) =>
      (await org.api(fran)('POST', '/messages', { content: 'bye', ...params })).json.id as number;
    const publicOne = await send({ type: 'stream', to: 'porch', topic: 'leaving' });
    const privateOne = await send({ type: 'stream', to: 'closet', topic: 'leaving' });
    const direct = await send({ type: 'direct', to: [alice.id] });
    const queue = await watch(alice, {
      event_types: ['delete_message', 'realm_user'],
      client_capabilities: { bulk_message_deletion: true },
    });

    const gone = await org.api(org.owner)('DELETE', `/users/${fran.id}`, {
      actions: {
        delete_profile: true,
        delete_public_channel_messages: true,
        delete_direct_messages: true,
      },
    });
    expect(gone.json.result).toBe('success');

    const exists = async (id: number) =>
      (await org.api(alice)('GET', `/messages/${id}`)).json.result === 'success';
    expect([await exists(publicOne), await exists(privateOne), await exists(direct)]).toEqual([
      false,
      true,
      false,
    ]);
    expect((await org.api(alice)('GET', `/users/${fran.id}`)).json.user).toMatchObject({
      full_name: 'Deleted user',
      is_active: false,
    });
    const heard = withoutIds(await queuedEvents(org, alice, queue));
    expect(heard).toEqual(
      expect.arrayContaining([
        {
          type: 'realm_user',
          op: 'update',
          person: { user_id: fran.id, full_name: 'Deleted user' },
        },
        expect.objectContaining({ type: 'delete_message', message_ids: [publicOne] }),
        expect.objectContaining({ type: 'delete_message', message_ids: [direct] }),
        { type: 'realm_user', op: 'update', person: { user_id: fran.id, is_active: false } },
      ]),
    );
    const wrong = await org.api(org.owner)('DELETE', `/users/${alice.id}`, {
      actions: { delete_profile: 'yes' },
    });
    expect(wrong.json).toMatchObject({ code: 'BAD_REQUEST', var_name: 'actions' });
    expect((await org.api(alice)('GET', '/users/me')).json.is_active).toBe(true);
  });
});
