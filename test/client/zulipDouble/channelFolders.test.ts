import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startZulipDouble, type ZulipDouble } from '../../helpers/zulipDouble';
import { clientsOf } from '../../helpers/doubleClients';

// Channel folders on the Zulip 12 double: PATCH /channel_folders (feature
// level 414) with its reorder event (418), and PATCH /channel_folders/{id}.
let double: ZulipDouble;
let clients: ReturnType<typeof clientsOf>;
beforeEach(async () => {
  double = await startZulipDouble();
  clients = clientsOf(double);
});
afterEach(() => double.close());

const folderNames = (state: Record<string, unknown>) =>
  (state.channel_folders as { name: string; order: number }[]).map((f) => [f.name, f.order]);

async function backend(): Promise<number> {
  const created = await clients.raw(double.users.admin)('POST', '/channel_folders/create', {
    name: 'Backend',
    description: 'Channels for **backend** discussions',
  });
  return (created.json as { channel_folder_id: number }).channel_folder_id;
}

describe('channel folders on the Zulip double', () => {
  it('creates a folder and reorders them for everyone', async () => {
    const { users, channelFolders } = double;
    const hamlet = await clients.listen(users.member);
    const backendId = await backend();
    const admin = clients.raw(users.admin);
    const reordered = await admin('PATCH', '/channel_folders', {
      order: [backendId, channelFolders.frontend],
    });
    expect(reordered.status).toBe(200);
    expect(await hamlet.drain()).toMatchObject([
      {
        type: 'channel_folder',
        op: 'add',
        channel_folder: {
          id: backendId,
          name: 'Backend',
          rendered_description: '<p>Channels for <strong>backend</strong> discussions</p>',
          is_archived: false,
        },
      },
      { type: 'channel_folder', op: 'reorder', order: [backendId, channelFolders.frontend] },
    ]);
    expect(folderNames(await clients.stateOf(users.member))).toEqual([
      ['Backend', 0],
      ['Frontend', 1],
    ]);
  });

  it('refuses an order that leaves a folder out, and a member', async () => {
    const { users, channelFolders } = double;
    await backend();
    const partial = await clients.raw(users.admin)('PATCH', '/channel_folders', {
      order: [channelFolders.frontend],
    });
    expect(partial.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid order mapping' });
    const member = await clients.raw(users.member)('PATCH', '/channel_folders', {
      order: [channelFolders.frontend],
    });
    expect(member).toMatchObject({
      status: 400,
      json: { code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' },
    });
  });

  it('renames, describes and archives a folder, each announced', async () => {
    const { users, channelFolders } = double;
    const cordelia = await clients.listen(users.member2);
    const admin = clients.raw(users.admin);
    await admin('PATCH', `/channel_folders/${channelFolders.frontend}`, {
      name: 'Front',
      description: 'Screens',
    });
    await admin('PATCH', `/channel_folders/${channelFolders.frontend}`, { is_archived: true });
    expect(await cordelia.drain()).toMatchObject([
      {
        type: 'channel_folder',
        op: 'update',
        channel_folder_id: channelFolders.frontend,
        data: { name: 'Front' },
      },
      {
        type: 'channel_folder',
        op: 'update',
        channel_folder_id: channelFolders.frontend,
        data: { description: 'Screens', rendered_description: '<p>Screens</p>' },
      },
      {
        type: 'channel_folder',
        op: 'update',
        channel_folder_id: channelFolders.frontend,
        data: { is_archived: true },
      },
    ]);
    const listed = async (params: Record<string, unknown>) =>
      (
        (await admin('GET', '/channel_folders', params)).json as {
          channel_folders: { name: string }[];
        }
      ).channel_folders.map((folder) => folder.name);
    expect(await listed({})).toEqual([]);
    expect(await listed({ include_archived: true })).toEqual(['Front']);

    expect((await admin('PATCH', '/channel_folders/99', { name: 'x' })).json).toMatchObject({
      msg: 'Invalid channel folder ID',
    });
    expect(
      (await admin('PATCH', `/channel_folders/${channelFolders.frontend}`, { name: ' ' })).json,
    ).toMatchObject({ code: 'BAD_REQUEST', msg: "Channel folder name can't be empty." });
  });
});
