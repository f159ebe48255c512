import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { streamEventSchema } from '../../../src-main/wire';
import { startZulipDouble, type ZulipDouble } from '../../helpers/zulipDouble';
import { clientsOf, hearthCapabilities } from '../../helpers/doubleClients';

// Archiving and unarchiving channels on the Zulip 12 double: DELETE
// /streams/{id}, and PATCH with is_archived false (feature level 388); since
// 378 clients that take archived channels get an update, others delete or create.
let double: ZulipDouble;
let clients: ReturnType<typeof clientsOf>;
beforeEach(async () => {
  double = await startZulipDouble();
  clients = clientsOf(double);
});
afterEach(() => double.close());

const withoutArchived = { ...hearthCapabilities, archived_channels: false };
const streamIds = (state: Record<string, unknown>) =>
  (state.streams as { stream_id: number }[]).map((stream) => stream.stream_id);

describe('archiving channels on the Zulip double', () => {
  it('archives a channel: an update for clients that take archived channels, a deletion for others', async () => {
    const { users, streams } = double;
    const modern = await clients.listen(users.member);
    const older = await clients.listen(users.member, withoutArchived);
    const polonius = await clients.listen(users.guest);
    await clients.apiFor(users.admin).archiveStream(streams.scotland);

    const [update] = await modern.drain();
    expect(streamEventSchema.parse(update)).toMatchObject({
      op: 'update',
      stream_id: streams.scotland,
      property: 'is_archived',
      value: true,
    });
    expect(await older.drain()).toMatchObject([
      {
        type: 'stream',
        op: 'delete',
        streams: [{ stream_id: streams.scotland }],
        stream_ids: [streams.scotland],
      },
    ]);
    expect(await polonius.drain()).toEqual([]);
    expect(streamIds(await clients.stateOf(users.member))).toContain(streams.scotland);
    expect(streamIds((await clients.listen(users.member, withoutArchived)).state)).not.toContain(
      streams.scotland,
    );
    await expect(
      clients
        .apiFor(users.member)
        .sendStreamMessage({ stream: 'Scotland', topic: 'x', content: 'y' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('unarchives a channel: an update for clients that take archived channels, a creation for others', async () => {
    const { users, streams } = double;
    const modern = await clients.listen(users.member);
    const older = await clients.listen(users.member, withoutArchived);
    await clients.raw(users.admin)('PATCH', `/streams/${streams.rome}`, { is_archived: false });
    expect(await modern.drain()).toMatchObject([
      {
        type: 'stream',
        op: 'update',
        stream_id: streams.rome,
        property: 'is_archived',
        value: false,
      },
    ]);
    expect(await older.drain()).toMatchObject([
      { type: 'stream', op: 'create', streams: [{ stream_id: streams.rome, is_archived: false }] },
    ]);
  });

  it('refuses someone who does not administer the channel, an archived one and an unknown one', async () => {
    const { users, streams } = double;
    await expect(clients.apiFor(users.member).archiveStream(streams.denmark)).rejects.toMatchObject(
      {
        code: 'BAD_REQUEST',
        message: 'You do not have permission to administer this channel.',
      },
    );
    await expect(clients.apiFor(users.admin).archiveStream(streams.rome)).rejects.toMatchObject({
      message: 'Channel is already deactivated',
    });
    await expect(clients.apiFor(users.admin).archiveStream(99)).rejects.toMatchObject({
      message: 'Invalid channel ID',
    });
    // A channel's own administrators archive it too.
    await clients.raw(users.admin)('PATCH', `/streams/${streams.denmark}`, {
      can_administer_channel_group: {
        new: { direct_members: [users.member.id], direct_subgroups: [] },
      },
    });
    await clients.apiFor(users.member).archiveStream(streams.denmark);
    expect(double.org.streams.get(streams.denmark)?.is_archived).toBe(true);
  });
});
