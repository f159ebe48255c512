import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startZulipDouble, type ZulipDouble } from '../../helpers/zulipDouble';
import { clientsOf } from '../../helpers/doubleClients';

// The organization's time limits on moving messages (feature level 162) on
// the Zulip 12 double: the documented examples' messages are months old, the
// limits a week, and moderators are not held to them.
let double: ZulipDouble;
let clients: ReturnType<typeof clientsOf>;
beforeEach(async () => {
  double = await startZulipDouble();
  clients = clientsOf(double);
  // Everyone may move messages, so that only the time limits refuse.
  await clients.raw(double.users.admin)('PATCH', '/realm', {
    can_move_messages_between_topics_group: { new: double.groups.everyone },
    can_move_messages_between_channels_group: { new: double.groups.everyone },
  });
});
afterEach(() => double.close());

// A documented example's message in Denmark's "Copenhagen", sent long ago.
const oldMessage = 1;

describe('time limits on moves on the Zulip double', () => {
  it('refuses a member moving an old message to another topic or channel, not a moderator', async () => {
    const { users, streams } = double;
    const hamlet = clients.apiFor(users.member);
    await expect(hamlet.updateMessage(oldMessage, { topic: 'Helsingør' })).rejects.toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: "The time limit for editing this message's topic has passed.",
    });
    await expect(
      hamlet.updateMessage(oldMessage, { streamId: streams.scotland }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: "The time limit for editing this message's channel has passed",
    });
    await clients.apiFor(users.moderator).updateMessage(oldMessage, { topic: 'Helsingør' });
    expect(double.org.messages.get(oldMessage)?.topic).toBe('Helsingør');
  });

  it('refuses moving a whole topic holding messages past the limit, saying how many may move', async () => {
    const hamlet = clients.apiFor(double.users.member);
    const recent = await hamlet.sendStreamMessage({
      stream: 'Denmark',
      topic: 'Copenhagen',
      content: 'Still here',
    });
    const refused = await clients.raw(double.users.member)('PATCH', `/messages/${recent}`, {
      topic: 'Helsingør',
      propagate_mode: 'change_all',
    });
    expect(refused).toMatchObject({
      status: 400,
      json: {
        code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
        msg: 'You only have permission to move the 1/2 most recent messages in this topic.',
        first_message_id_allowed_to_move: recent,
        total_messages_allowed_to_move: 1,
        total_messages_in_topic: 2,
      },
    });
    await hamlet.updateMessage(recent, { topic: 'Helsingør', propagateMode: 'change_one' });
    expect(double.org.messages.get(recent)?.topic).toBe('Helsingør');
    expect(double.org.messages.get(oldMessage)?.topic).toBe('Copenhagen');
  });

  it('lets anyone move old messages once the organization sets no limit', async () => {
    const { users } = double;
    const hamlet = await clients.listen(users.member);
    await clients
      .apiFor(users.admin)
      .updateRealm({ move_messages_within_stream_limit_seconds: null });
    expect(await hamlet.drain()).toMatchObject([
      {
        type: 'realm',
        op: 'update_dict',
        data: { move_messages_within_stream_limit_seconds: null },
      },
    ]);
    await clients.apiFor(users.member).updateMessage(oldMessage, { topic: 'Helsingør' });
    expect(double.org.messages.get(oldMessage)?.topic).toBe('Helsingør');
  });
});
