import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgeArgumentError } from '../../../src-main/client/bridge/bridgeService';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import { invokeBridgeCall, type BridgeService } from '../../../src-preload/bridge';
import {
  connected,
  eventually,
  removeProfile,
  startTestHearth,
  testTuning,
  type TestHearth,
} from '../../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../../helpers/org';
import { joinChannel, modernZulip, oldZulip, type TestServer } from '../../helpers/serverKinds';

// Issue 17, point 5: an administrator changes a stream's own settings over
// the bridge (Zulip's PATCH /streams/{id}), against a real host.

let org: Org;
let alice: TestUser;
const running: TestHearth[] = [];
/** The body of every PATCH /streams/… the apps sent. */
const patches: Record<string, string>[] = [];

const serviceOf = async (user: TestUser, serverUrl = org.url): Promise<BridgeService> => {
  const hearth = await startTestHearth({
    secrets: createMemorySecretStore(),
    tuning: {
      ...testTuning,
      fetch: (input, init) => {
        if (init?.method === 'PATCH' && new URL(String(input)).pathname.includes('/streams/')) {
          patches.push(Object.fromEntries(new URLSearchParams(String(init.body))));
        }
        return fetch(input, init);
      },
    },
  });
  running.push(hearth);
  const joined = await hearth.app.join({
    method: 'apiKey',
    serverUrl,
    email: user.email,
    apiKey: user.apiKey,
  });
  if (!joined.ok) throw new Error(joined.message);
  await connected(hearth.app);
  return hearth.service;
};

let owner: BridgeService;
let member: BridgeService;
let kitchenId: number;

const streamIdOf = async (name: string): Promise<number> =>
  (await org.api(org.owner)('GET', '/get_stream_id', { stream: name })).json.stream_id as number;

beforeAll(async () => {
  org = await startOrg();
  alice = await org.user('alice');
  await org.subscribe(org.owner, 'kitchen');
  await org.subscribe(alice, 'kitchen');
  await org.subscribe(org.owner, 'pantry');
  kitchenId = await streamIdOf('kitchen');
  owner = await serviceOf(org.owner);
  member = await serviceOf(alice);
});

afterAll(async () => {
  await Promise.all(running.map((hearth) => hearth.stop()));
  await Promise.all(running.map((hearth) => removeProfile(hearth.profileDir)));
  await org?.close();
});

describe("a stream's own settings over the bridge", () => {
  it('reads them from the subscription: Zulip’s defaults for a new stream', async () => {
    expect(await owner.getStreamAdminSettings({ streamId: kitchenId })).toEqual({
      streamId: kitchenId,
      name: 'kitchen',
      description: '',
      isPrivate: false,
      historyPublic: true,
      postPolicy: 1,
      folderId: null,
      // A Zulip 12 server keeps an archived channel's members (feature level 315).
      archiveKeepsMembers: true,
      // An owner may make channel folders there (feature level 389).
      mayCreateFolder: true,
    });
  });

  it('sends only what changed, and the sidebar shows the new name from the event', async () => {
    patches.length = 0;
    await owner.changeStreamAdminSettings({
      streamId: kitchenId,
      patch: { name: 'Galley', description: 'Where the *food* is' },
    });

    expect(patches).toEqual([{ new_name: 'Galley', description: 'Where the *food* is' }]);
    await eventually('the sidebar says the new name', async () =>
      (await owner.getSnapshot({})).streams.some((stream) => stream.name === 'Galley'),
    );
    await eventually('a member’s sidebar says it too', async () =>
      (await member.getSnapshot({})).streams.some((stream) => stream.name === 'Galley'),
    );
    expect(await owner.getStreamAdminSettings({ streamId: kitchenId })).toMatchObject({
      name: 'Galley',
      description: 'Where the *food* is',
    });
  });

  it('makes a stream private with its history hidden, and names who may post', async () => {
    patches.length = 0;
    await owner.changeStreamAdminSettings({
      streamId: kitchenId,
      patch: { isPrivate: true, historyPublic: false, postPolicy: 4 },
    });

    expect(patches).toEqual([
      // Zulip 12 names who may post by group (feature level 333): moderators, once everyone.
      {
        is_private: 'true',
        history_public_to_subscribers: 'false',
        can_send_message_group: '{"new":3,"old":6}',
      },
    ]);
    await eventually('the settings follow the events', async () => {
      const settings = await owner.getStreamAdminSettings({ streamId: kitchenId });
      return settings.isPrivate && !settings.historyPublic && settings.postPolicy === 4;
    });
  });

  it.each([
    [
      'a name another stream has',
      () => owner.changeStreamAdminSettings({ streamId: kitchenId, patch: { name: 'PANTRY' } }),
      "Stream name 'PANTRY' is already taken.",
    ],
    [
      'a member',
      () => member.changeStreamAdminSettings({ streamId: kitchenId, patch: { name: 'Mine' } }),
      'You do not have permission to administer this channel.',
    ],
  ])('passes on the server’s reason when it refuses %s', async (_case, change, msg) => {
    await expect(change()).rejects.toThrow(msg);
  });

  it('passes on why a default stream stays public', async () => {
    const pantryId = await streamIdOf('pantry');
    await org.api(org.owner)('POST', '/default_streams', { stream_id: pantryId });
    await eventually('the app knows pantry', async () =>
      (await owner.getSnapshot({})).streams.some((stream) => stream.streamId === pantryId),
    );

    await expect(
      owner.changeStreamAdminSettings({ streamId: pantryId, patch: { isPrivate: true } }),
    ).rejects.toThrow('A default channel cannot be private.');
  });

  it.each([
    ['no change at all', { streamId: 1, patch: {} }],
    ['an empty name', { streamId: 1, patch: { name: '  ' } }],
    ['a name longer than 60 characters', { streamId: 1, patch: { name: 'x'.repeat(61) } }],
    ['a posting policy Zulip lacks', { streamId: 1, patch: { postPolicy: 5 } }],
    ['privacy given as text', { streamId: 1, patch: { isPrivate: 'yes' } }],
  ])('rejects %s without asking the server', async (_case, args) => {
    await expect(invokeBridgeCall(owner, 'changeStreamAdminSettings', args)).rejects.toBeInstanceOf(
      BridgeArgumentError,
    );
  });
});

// Zulip 11's channel folders (feature levels 389 and 414): the form offers
// the organization's folders once it has some, and files the channel in one.
describe("a channel's folder over the bridge", () => {
  let pantryId: number;
  let recipesId: number;

  beforeAll(async () => {
    pantryId = await streamIdOf('pantry');
    const created = await org.api(org.owner)('POST', '/channel_folders/create', {
      name: 'Recipes',
      description: '',
    });
    expect(created.status).toBe(200);
    recipesId = created.json.channel_folder_id as number;
  });

  it('offers the folders in use with the one the channel is in, and files it in one', async () => {
    await eventually('the form offers the new folder', async () => {
      const settings = await owner.getStreamAdminSettings({ streamId: pantryId });
      return settings.folders?.some((folder) => folder.id === recipesId) === true;
    });
    expect(await owner.getStreamAdminSettings({ streamId: pantryId })).toMatchObject({
      folderId: null,
      folders: [{ id: recipesId, name: 'Recipes' }],
    });
    patches.length = 0;
    await owner.changeStreamAdminSettings({ streamId: pantryId, patch: { folderId: recipesId } });
    expect(patches).toEqual([{ folder_id: String(recipesId) }]);
    await eventually('the sidebar files it under the folder', async () =>
      (await owner.getSnapshot({})).streams.some(
        (stream) => stream.streamId === pantryId && stream.folderId === recipesId,
      ),
    );
    expect((await owner.getStreamAdminSettings({ streamId: pantryId })).folderId).toBe(recipesId);
  });

  it('takes the channel out of its folder with JSON null', async () => {
    patches.length = 0;
    await owner.changeStreamAdminSettings({ streamId: pantryId, patch: { folderId: null } });
    expect(patches).toEqual([{ folder_id: 'null' }]);
    await eventually('the sidebar files it under none', async () =>
      (await owner.getSnapshot({})).streams.some(
        (stream) => stream.streamId === pantryId && stream.folderId === null,
      ),
    );
  });

  it('makes a new folder and files the channel in it', async () => {
    patches.length = 0;
    await owner.changeStreamAdminSettings({
      streamId: pantryId,
      patch: { newFolderName: ' Larder ' },
    });
    const folders = (await org.api(org.owner)('GET', '/channel_folders')).json.channel_folders as {
      id: number;
      name: string;
      description: string;
    }[];
    const larder = folders.find((folder) => folder.name === 'Larder');
    expect(larder).toMatchObject({ description: '' });
    expect(patches).toEqual([{ folder_id: String(larder?.id) }]);
    await eventually('the sidebar files it under the new folder', async () =>
      (await owner.getSnapshot({})).streams.some(
        (stream) => stream.streamId === pantryId && stream.folderId === larder?.id,
      ),
    );
  });

  it('refuses a folder that is no ID before it reaches the server', async () => {
    await expect(
      owner.changeStreamAdminSettings({ streamId: pantryId, patch: { folderId: 0 } }),
    ).rejects.toBeInstanceOf(BridgeArgumentError);
  });
});

// The same call to a Zulip 7.0 server: who may post goes as the role policy
// it has (can_send_message_group replaced it at feature level 333).
describe("a stream's own settings over the bridge, on a Zulip 7.0 server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await oldZulip.start();
  });
  afterAll(() => server.close());

  it('names who may post as stream_post_policy, and reads it back from the event', async () => {
    const [denmark] = server.channels;
    const admin = await serviceOf(server.admin, server.url);
    const settings = await admin.getStreamAdminSettings({ streamId: denmark.id });
    expect(settings).toMatchObject({ name: denmark.name, postPolicy: 1, folderId: null });
    // Zulip 7.0 has no channel folders to offer.
    expect(settings.folders).toBeUndefined();
    patches.length = 0;
    await admin.changeStreamAdminSettings({ streamId: denmark.id, patch: { postPolicy: 4 } });
    expect(patches).toEqual([{ stream_post_policy: '4' }]);
    await eventually('the settings follow the event', async () => {
      const settings = await admin.getStreamAdminSettings({ streamId: denmark.id });
      return settings.postPolicy === 4;
    });
  });
});

// Zulip 11's folders are made by administrators (feature level 389): the form
// offers one a new folder, and a member who administers a channel none.
describe("a new folder from a channel's settings, on a Zulip 12 server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await modernZulip.start();
  });
  afterAll(() => server.close());

  it('is offered to an administrator and not to a member', async () => {
    const [denmark] = server.channels;
    await joinChannel(server, server.admin, denmark);
    const admin = await serviceOf(server.admin, server.url);
    expect(await admin.getStreamAdminSettings({ streamId: denmark.id })).toMatchObject({
      mayCreateFolder: true,
    });
    const member = await serviceOf(server.me, server.url);
    const settings = await member.getStreamAdminSettings({ streamId: denmark.id });
    expect(settings.mayCreateFolder).toBeUndefined();
  });
});
