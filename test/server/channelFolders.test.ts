import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('channel folders (Zulip 11 and 12)', () => {
  let org: Org;
  let admin: TestUser;
  let alice: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    admin = await org.user('admin');
    alice = await org.user('alice');
    await org.api(org.owner)('PATCH', `/users/${admin.id}`, { role: 200 });
  });
  afterAll(() => org.close());

  const create = (user: TestUser, name: string, description = '') =>
    org.api(user)('POST', '/channel_folders/create', { name, description });
  const update = (id: number, params: Record<string, unknown>, user = admin) =>
    org.api(user)('PATCH', `/channel_folders/${id}`, params);
  const folders = async (includeArchived = false) =>
    (await org.api(alice)('GET', '/channel_folders', { include_archived: includeArchived })).json
      .channel_folders as Record<string, unknown>[];
  const queue = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { event_types: ['channel_folder', 'stream'] })).json
      .queue_id as string;
  const events = async (user: TestUser, queueId: string) =>
    (
      await org.api(user)('GET', '/events', {
        queue_id: queueId,
        last_event_id: -1,
        dont_block: true,
      })
    ).json.events as Record<string, unknown>[];

  it('lets administrators make one, which everyone hears of and sees', async () => {
    const queueId = await queue(alice);
    expect((await create(alice, 'Frontend')).json).toMatchObject({
      result: 'error',
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization administrator',
    });
    const made = await create(admin, 'Frontend', 'Channels for **frontend** work');
    expect(made.json.result).toBe('success');
    const id = made.json.channel_folder_id as number;
    const expected = {
      id,
      name: 'Frontend',
      description: 'Channels for **frontend** work',
      rendered_description: '<p>Channels for <strong>frontend</strong> work</p>',
      creator_id: admin.id,
      order: id,
      is_archived: false,
    };
    expect(await folders()).toEqual([expect.objectContaining(expected)]);
    expect((await folders())[0]?.date_created).toEqual(expect.any(Number));
    expect(await events(alice, queueId)).toContainEqual(
      expect.objectContaining({
        type: 'channel_folder',
        op: 'add',
        channel_folder: expect.objectContaining(expected),
      }),
    );
    const registered = (
      await org.api(alice)('POST', '/register', { fetch_event_types: ['channel_folders', 'realm'] })
    ).json;
    expect(registered.channel_folders).toEqual([expect.objectContaining(expected)]);
    expect(registered).toMatchObject({
      max_channel_folder_name_length: 60,
      max_channel_folder_description_length: 1024,
    });
  });

  it("refuses names Zulip refuses, in Zulip's words, and keeps nothing of them", async () => {
    expect((await create(admin, '   ')).json.msg).toBe("Channel folder name can't be empty.");
    expect((await create(admin, 'frontEND')).json.msg).toBe('Channel folder name already in use');
    expect((await create(admin, 'x'.repeat(61))).json.msg).toBe(
      'name is too long (limit: 60 characters)',
    );
    expect((await create(admin, 'Long', 'y'.repeat(1025))).json.msg).toBe(
      'description is too long (limit: 1024 characters)',
    );
    expect((await update(999, { name: 'Nothing' })).json.msg).toBe('Invalid channel folder ID');
    expect((await folders()).map((folder) => folder.name)).toEqual(['Frontend']);
  });

  it('renames and describes a folder, each change its own event', async () => {
    const id = (await create(admin, 'Backend')).json.channel_folder_id as number;
    const queueId = await queue(alice);
    expect((await update(id, { name: 'Frontend' })).json.msg).toBe(
      'Channel folder name already in use',
    );
    expect((await update(id, { name: 'Servers', description: 'All *servers*' })).json.result).toBe(
      'success',
    );
    expect((await update(id, { name: 'Servers' }, alice)).json.code).toBe('UNAUTHORIZED_PRINCIPAL');
    const seen = (await events(alice, queueId)).filter((event) => event.type === 'channel_folder');
    expect(seen).toEqual([
      expect.objectContaining({ op: 'update', channel_folder_id: id, data: { name: 'Servers' } }),
      expect.objectContaining({
        op: 'update',
        channel_folder_id: id,
        data: { description: 'All *servers*', rendered_description: '<p>All <em>servers</em></p>' },
      }),
    ]);
  });

  it('files a channel in a folder, and archives a folder only once it is empty', async () => {
    const id = (await create(admin, 'Design')).json.channel_folder_id as number;
    await org.subscribe(org.owner, 'mockups');
    await org.subscribe(alice, 'mockups');
    const streamId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'mockups' })).json
      .stream_id as number;
    const queueId = await queue(alice);
    expect(
      (await org.api(org.owner)('PATCH', `/streams/${streamId}`, { folder_id: 999 })).json.msg,
    ).toBe('Invalid channel folder ID');
    expect(
      (await org.api(org.owner)('PATCH', `/streams/${streamId}`, { folder_id: id })).json.result,
    ).toBe('success');
    expect(await events(alice, queueId)).toContainEqual(
      expect.objectContaining({
        type: 'stream',
        op: 'update',
        stream_id: streamId,
        property: 'folder_id',
        value: id,
      }),
    );
    const subscriptions = (await org.api(alice)('GET', '/users/me/subscriptions')).json
      .subscriptions as { name: string; folder_id: number | null }[];
    expect(subscriptions.find((sub) => sub.name === 'mockups')?.folder_id).toBe(id);

    expect((await update(id, { is_archived: true })).json.msg).toBe(
      'You need to remove all the channels from this folder to archive it.',
    );
    await org.api(org.owner)('PATCH', `/streams/${streamId}`, { folder_id: null });
    expect((await update(id, { is_archived: true })).json.result).toBe('success');
    expect((await folders()).map((folder) => folder.name)).not.toContain('Design');
    expect((await folders(true)).find((folder) => folder.id === id)).toMatchObject({
      is_archived: true,
    });
  });

  it('puts the folders in the order administrators give, and keeps it after a restart', async () => {
    const all = await folders(true);
    const reversed = all.map((folder) => folder.id as number).reverse();
    const queueId = await queue(alice);
    expect(
      (await org.api(admin)('PATCH', '/channel_folders', { order: reversed.slice(1) })).json.msg,
    ).toBe('Invalid order mapping.');
    expect(
      (await org.api(admin)('PATCH', '/channel_folders', { order: reversed })).json.result,
    ).toBe('success');
    expect(await events(alice, queueId)).toContainEqual(
      expect.objectContaining({ type: 'channel_folder', op: 'reorder', order: reversed }),
    );
    await org.restart();
    const kept = await folders(true);
    const byOrder = [...kept].sort((a, b) => Number(a.order) - Number(b.order));
    expect(byOrder.map((folder) => folder.id)).toEqual(reversed);
  });
});
