import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import { eventually, testApps } from '../../helpers/hearth';
import { caller } from '../../helpers/org';
import { hearthHost, oldZulip } from '../../helpers/serverKinds';
import { startZulipDouble, type ZulipDouble } from '../../helpers/zulipDouble';

// Issue 34, point 4: archived channels and channel folders through the
// bridge, against the Zulip 12 double, a Hearth host and the Zulip 7.0 double.

const apps = testApps(createMemorySecretStore());
afterEach(() => apps.stopAll());

describe('a Zulip 12 server', () => {
  let double: ZulipDouble;
  beforeAll(async () => {
    double = await startZulipDouble({ heartbeatMs: 300 });
  });
  afterAll(() => double.close());

  const signedIn = () => apps.signedIn(double.url, double.users.member);

  it('lists its archived channel apart, and opens its history', async () => {
    const { app, service } = await signedIn();
    const listed = await service.listStreams({});
    expect(listed.streams.map((row) => row.name)).not.toContain('Rome');
    expect(listed.archived).toEqual([
      expect.objectContaining({ streamId: double.streams.rome, name: 'Rome', archived: true }),
    ]);
    const snapshot = app.active().snapshot();
    expect(snapshot.archivedChannels).toEqual([{ streamId: double.streams.rome, name: 'Rome' }]);
    expect(snapshot.streams.map((row) => row.name)).not.toContain('Rome');
    const page = await service.openNarrow({
      narrow: { kind: 'stream', streamId: double.streams.rome },
    });
    expect(page.messages.map((message) => message.content)).toEqual([
      expect.stringContaining('Rome was not built in a day.'),
    ]);
  });

  it('moves a channel unarchived on the server back to the active ones, live', async () => {
    const { app, service } = await signedIn();
    const unarchived = await caller(() => double.url, double.users.admin)(
      'PATCH',
      `/streams/${double.streams.rome}`,
      { is_archived: 'false' },
    );
    expect(unarchived.status).toBe(200);
    await eventually('Rome is in the sidebar', () =>
      app
        .active()
        .snapshot()
        .streams.some((row) => row.streamId === double.streams.rome),
    );
    expect(app.active().snapshot().archivedChannels).toEqual([]);
    const listed = await service.listStreams({});
    expect(listed.archived).toEqual([]);
    expect(listed.streams.find((row) => row.name === 'Rome')).toMatchObject({
      subscribed: true,
      archived: false,
    });
  });

  it('groups the sidebar and the Inbox by its folders, as the reader’s settings say', async () => {
    const { app, service } = await signedIn();
    const snapshot = app.active().snapshot();
    expect(snapshot.folderGrouping).toEqual({ sidebar: true, inbox: true });
    expect(snapshot.folders).toEqual([{ id: double.channelFolders.frontend, name: 'Frontend' }]);
    expect(snapshot.streams.find((row) => row.streamId === double.streams.denmark)?.folderId).toBe(
      double.channelFolders.frontend,
    );
    const inbox = await service.inbox({});
    expect(inbox.folders).toEqual([{ id: double.channelFolders.frontend, name: 'Frontend' }]);
  });
});

// Zulip 7.0 has neither. A fresh Hearth host, a Zulip 12 server, has none
// archived and no folder yet; its folder settings are Zulip 12's, on by default.
describe.each([
  { kind: hearthHost, archived: [], grouping: { sidebar: true, inbox: true } },
  { kind: oldZulip, archived: null, grouping: { sidebar: null, inbox: null } },
])('$kind.name', ({ kind, archived, grouping }) => {
  it('keeps no archived channels or folders: nothing changes', async () => {
    const server = await kind.start();
    try {
      const hearth = await apps.signedIn(server.url, server.me);
      const listed = await hearth.service.listStreams({});
      expect(listed.archived).toEqual(archived);
      expect(listed.streams.map((row) => row.name)).toEqual(
        expect.arrayContaining(server.channels.map((channel) => channel.name)),
      );
      expect(listed.streams.every((row) => !row.archived)).toBe(true);
      const snapshot = hearth.app.active().snapshot();
      expect(snapshot.archivedChannels).toEqual([]);
      expect(snapshot.folders).toEqual([]);
      expect(snapshot.folderGrouping).toEqual(grouping);
      expect((await hearth.service.inbox({})).folders).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
