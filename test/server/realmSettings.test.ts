import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { onePixelPng, postFiles, type FormFile } from '../helpers/uploads';

interface StreamName {
  stream_id: number;
  name: string;
}

describe('organization settings (PATCH /realm)', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'design');
  });
  afterAll(() => org.close());

  const realm = async (user: TestUser = alice) =>
    (await org.api(user)('POST', '/register', { fetch_event_types: ['realm', 'realm_user'] }))
      .json as Record<string, unknown>;
  const designId = async (): Promise<number> =>
    (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json.stream_id;
  const eventsOf = async (user: TestUser, queueId: string) =>
    (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
      .events as Record<string, unknown>[];

  it('starts at the settings of a new Zulip 7.0 organization', async () => {
    expect(await realm()).toMatchObject({
      realm_allow_message_editing: true,
      realm_message_content_edit_limit_seconds: 600,
      realm_delete_own_message_policy: 2,
      realm_message_content_delete_limit_seconds: 600,
      realm_invite_to_realm_policy: 1,
      can_invite_others_to_realm: true,
    });
  });

  it('is for administrators only, and a refusal changes nothing', async () => {
    const refused = await org.api(alice)('PATCH', '/realm', { name: 'Mine now' });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      result: 'error',
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization administrator',
    });
    expect((await realm()).realm_name).not.toBe('Mine now');
  });

  it('reports what changed, text as "updated", and tells every user with Zulip’s events', async () => {
    const queueId = (await org.api(bob)('POST', '/register', { event_types: ['realm'] })).json
      .queue_id as string;
    const response = await org.api(org.owner)('PATCH', '/realm', {
      name: 'The Office',
      description: 'Our *own* chat',
      allow_message_editing: false,
      message_content_edit_limit_seconds: JSON.stringify('unlimited'),
      allow_edit_history: false,
      // Unchanged from the default, so neither reported nor announced.
      invite_to_realm_policy: 1,
    });
    expect(response.json).toEqual({
      result: 'success',
      msg: '',
      name: 'updated',
      description: 'updated',
      allow_message_editing: false,
      message_content_edit_limit_seconds: null,
      allow_edit_history: false,
    });
    const events = (await eventsOf(bob, queueId)).map(({ id: _id, ...event }) => event);
    expect(events).toEqual([
      { type: 'realm', op: 'update', property: 'name', value: 'The Office' },
      // Zulip 12 (feature levels 462 and 464): with its HTML, as update_dict.
      {
        type: 'realm',
        op: 'update_dict',
        property: 'default',
        data: {
          description: 'Our *own* chat',
          rendered_description: '<p>Our <em>own</em> chat</p>',
        },
      },
      {
        type: 'realm',
        op: 'update_dict',
        property: 'default',
        data: { allow_message_editing: false },
      },
      {
        type: 'realm',
        op: 'update_dict',
        property: 'default',
        data: { message_content_edit_limit_seconds: null },
      },
      // Zulip 7.0's allow_edit_history sets the policy of feature level 358,
      // and is announced too while the host declares 7.0.
      {
        type: 'realm',
        op: 'update',
        property: 'message_edit_history_visibility_policy',
        value: 'none',
      },
      { type: 'realm', op: 'update', property: 'allow_edit_history', value: false },
    ]);
    expect(await realm(bob)).toMatchObject({
      realm_name: 'The Office',
      realm_description: 'Our *own* chat',
      realm_allow_message_editing: false,
      realm_message_content_edit_limit_seconds: null,
      realm_allow_edit_history: false,
      realm_message_edit_history_visibility_policy: 'none',
    });
    const settings = await org.api()('GET', '/server_settings');
    expect(settings.json.realm_name).toBe('The Office');
  });

  it('refuses bad values with the parameter named, and applies none of a refused request', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x'.repeat(41) }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ description: 'x'.repeat(1001) }, 'description'],
      [{ message_content_edit_limit_seconds: 0 }, 'message_content_edit_limit_seconds'],
      [
        { message_content_delete_limit_seconds: JSON.stringify('forever') },
        'message_content_delete_limit_seconds',
      ],
      [{ edit_topic_policy: 6 }, 'edit_topic_policy'],
      [{ invite_to_realm_policy: 5 }, 'invite_to_realm_policy'],
      [{ allow_edit_history: 'yes' }, 'allow_edit_history'],
    ];
    for (const [params, name] of cases) {
      const response = await org.api(org.owner)('PATCH', '/realm', {
        description: 'must not be applied',
        ...params,
      });
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(response.json.var_name, JSON.stringify(params)).toBe(name);
    }
    const hidden = await org.api(bob)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'bob-private' }],
      invite_only: true,
    });
    expect(hidden.status).toBe(200);
    const privateId = (await org.api(bob)('GET', '/get_stream_id', { stream: 'bob-private' })).json
      .stream_id as number;
    const refused = await org.api(org.owner)('PATCH', '/realm', {
      description: 'must not be applied',
      new_stream_announcements_stream_id: privateId,
    });
    expect(refused.json).toMatchObject({ result: 'error', msg: 'Invalid channel ID' });
    expect((await realm()).realm_description).not.toBe('must not be applied');
  });

  it('sets and clears the notifications stream', async () => {
    const id = await designId();
    const set = await org.api(org.owner)('PATCH', '/realm', {
      new_stream_announcements_stream_id: id,
    });
    expect(set.json).toMatchObject({ new_stream_announcements_stream_id: id });
    expect((await realm()).realm_new_stream_announcements_stream_id).toBe(id);
    const cleared = await org.api(org.owner)('PATCH', '/realm', {
      new_stream_announcements_stream_id: -1,
    });
    expect(cleared.json).toMatchObject({ new_stream_announcements_stream_id: -1 });
    expect((await realm()).realm_new_stream_announcements_stream_id).toBe(-1);
  });

  it('decides who may invite, and each user learns whether they may', async () => {
    await org.api(org.owner)('PATCH', '/realm', { invite_to_realm_policy: 2 });
    expect(await realm(alice)).toMatchObject({
      realm_invite_to_realm_policy: 2,
      can_invite_others_to_realm: false,
    });
    expect((await realm(org.owner)).can_invite_others_to_realm).toBe(true);
    await org.api(org.owner)('PATCH', '/realm', { invite_to_realm_policy: 1 });
    expect((await realm(alice)).can_invite_others_to_realm).toBe(true);
  });

  it('lets members delete their own messages within the limit once the policy allows it', async () => {
    const send = async () =>
      (
        await org.api(alice)('POST', '/messages', {
          type: 'stream',
          to: 'design',
          topic: 'deleting',
          content: 'oops',
        })
      ).json.id as number;
    const first = await send();
    const refused = await org.api(alice)('DELETE', `/messages/${first}`);
    expect(refused.json).toMatchObject({
      result: 'error',
      msg: "You don't have permission to delete this message",
    });
    await org.api(org.owner)('PATCH', '/realm', {
      delete_own_message_policy: 1,
      message_content_delete_limit_seconds: JSON.stringify('unlimited'),
    });
    expect((await org.api(alice)('DELETE', `/messages/${first}`)).json.result).toBe('success');
    const others = await send();
    const notHers = await org.api(bob)('DELETE', `/messages/${others}`);
    expect(notHers.json.msg).toBe("You don't have permission to delete this message");
    await org.api(org.owner)('PATCH', '/realm', { message_content_delete_limit_seconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const late = await org.api(alice)('DELETE', `/messages/${others}`);
    expect(late.json.msg).toBe('The time limit for deleting this message has passed');
    // Administrators are held to no limit.
    expect((await org.api(org.owner)('DELETE', `/messages/${others}`)).json.result).toBe('success');
  });

  it('keeps the settings across a restart', async () => {
    await org.api(org.owner)('PATCH', '/realm', { edit_topic_policy: 4 });
    await org.restart();
    expect((await realm()).realm_edit_topic_policy).toBe(4);
  });
});

describe('default streams', () => {
  let org: Org;
  let alice: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
  });
  afterAll(() => org.close());

  // Zulip 10 lists the default channels by ID (feature level 330).
  const defaults = async () => {
    const ids = (
      await org.api(alice)('POST', '/register', { fetch_event_types: ['default_streams'] })
    ).json.realm_default_streams as number[];
    const names = new Map(
      ((await org.api(org.owner)('GET', '/streams')).json.streams as StreamName[]).map((stream) => [
        stream.stream_id,
        stream.name,
      ]),
    );
    return ids.map((id) => names.get(id));
  };

  it('adds and removes default streams, for administrators only', async () => {
    await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'welcome' }],
    });
    const welcome = (await org.api(alice)('GET', '/get_stream_id', { stream: 'welcome' })).json
      .stream_id as number;
    const refused = await org.api(alice)('POST', '/default_streams', { stream_id: welcome });
    expect(refused.json).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL' });
    await org.api(org.owner)('POST', '/default_streams', { stream_id: welcome });
    expect(await defaults()).toEqual(['general', 'welcome']);
    const removal = await org.api(alice)('DELETE', '/default_streams', { stream_id: welcome });
    expect(removal.json).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL' });
    await org.api(org.owner)('DELETE', '/default_streams', { stream_id: welcome });
    expect(await defaults()).toEqual(['general']);
    const carol = await org.user('carol');
    const subscribed = (await org.api(carol)('GET', '/users/me/subscriptions')).json
      .subscriptions as { name: string }[];
    expect(subscribed.map((sub) => sub.name)).toEqual(['general']);
  });
});

describe('the organization icon (POST and DELETE /realm/icon)', () => {
  let org: Org;
  let alice: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
  });
  afterAll(() => org.close());

  const png = onePixelPng;
  const upload = (user: TestUser, files: FormFile[]) =>
    postFiles(org, user, 'POST', '/realm/icon', files);
  const realm = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { fetch_event_types: ['realm'] })).json as Record<
      string,
      unknown
    >;

  it("starts with the icon the host draws, as Zulip's gravatar source", async () => {
    expect(await realm(alice)).toMatchObject({
      realm_icon_source: 'G',
      realm_icon_url: '/realm_icon.svg',
      max_icon_file_size_mib: 5,
    });
  });

  it('takes an image from an administrator, serves it, and tells everyone', async () => {
    const queueId = (await org.api(alice)('POST', '/register', { event_types: ['realm'] })).json
      .queue_id as string;
    const response = await upload(org.owner, [{ name: 'file', data: png }]);
    expect(response).toEqual({
      status: 200,
      json: { result: 'success', msg: '', icon_url: '/user_avatars/realm/icon?version=2' },
    });
    const events = (await org.api(alice)('GET', '/events', { queue_id: queueId, dont_block: true }))
      .json.events as Record<string, unknown>[];
    expect(events.map(({ id: _id, ...event }) => event)).toEqual([
      {
        type: 'realm',
        op: 'update_dict',
        property: 'icon',
        data: { icon_url: '/user_avatars/realm/icon?version=2', icon_source: 'U' },
      },
    ]);
    const served = await fetch(`${org.url}/user_avatars/realm/icon?version=2`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    const settings = await org.api()('GET', '/server_settings');
    expect(settings.json.realm_icon).toBe(`${org.url}/user_avatars/realm/icon?version=2`);
  });

  it('refuses members, files that are not images, none or two, and one too large', async () => {
    const refusals: [TestUser, { name: string; data: Buffer }[], string][] = [
      [alice, [{ name: 'file', data: png }], 'Must be an organization administrator'],
      [
        org.owner,
        [{ name: 'file', data: Buffer.from('<svg onload="alert(1)"/>') }],
        'Could not decode image; did you upload an image file?',
      ],
      [org.owner, [], 'You must upload exactly one icon.'],
      [
        org.owner,
        [
          { name: 'a', data: png },
          { name: 'b', data: png },
        ],
        'You may only upload one file at a time',
      ],
      [
        org.owner,
        [{ name: 'file', data: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]) }],
        'Uploaded file is larger than the allowed limit of 5 MiB',
      ],
    ];
    for (const [user, files, msg] of refusals) {
      const response = await upload(user, files);
      expect(response.status, msg).toBe(400);
      expect(response.json.msg).toBe(msg);
    }
    expect((await realm(alice)).realm_icon_url).toBe('/user_avatars/realm/icon?version=2');
  });

  it('goes back to the drawn icon when deleted, and the old URL is gone', async () => {
    const response = await org.api(org.owner)('DELETE', '/realm/icon');
    expect(response.json).toEqual({ result: 'success', msg: '', icon_url: '/realm_icon.svg' });
    expect(await realm(alice)).toMatchObject({
      realm_icon_source: 'G',
      realm_icon_url: '/realm_icon.svg',
    });
    expect((await fetch(`${org.url}/user_avatars/realm/icon?version=2`)).status).toBe(404);
  });

  it('refuses a file sent to an endpoint that takes none', async () => {
    const response = await postFiles(
      org,
      org.owner,
      'PATCH',
      '/realm',
      [{ name: 'file', data: png }],
      {
        name: 'With a file',
      },
    );
    expect(response.status).toBe(400);
    expect(response.json.msg).toBe('File uploads are not supported here');
  });
});
