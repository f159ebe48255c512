import type { Channels } from './channels';
import type { Sent } from './messages';
import type { People } from './people';
import type { Seeding } from './seeding';

/** A reaction of each kind (Unicode, the organization's own, Zulip's extra), one of them joined. */
export async function seedReactions(seeding: Seeding, people: People, sent: Sent): Promise<void> {
  const { alice, bob, adam } = people;
  const reactions = [
    [bob, sent.orangeQuestion, 'tada'],
    [adam, sent.orangeQuestion, 'tada'],
    [alice, sent.mention, 'shipit'],
    [bob, sent.direct, 'zulip'],
    [alice, sent.direct, 'heart'],
  ] as const;
  for (const [user, message, emoji_name] of reactions) {
    await seeding.call(user, `${user.email} reacts`, 'POST', `/messages/${message}/reactions`, {
      emoji_name,
    });
  }
}

/**
 * The flags people set themselves (read, starred, collapsed), a star that
 * makes a historical row, and whole topics and channels marked as read; the
 * others (mentioned, wildcard_mentioned, has_alert_word) came with the messages.
 */
export async function seedFlags(
  seeding: Seeding,
  { alice, bob, mona }: People,
  channels: Channels,
  sent: Sent,
): Promise<void> {
  const flag = (user: typeof alice, messages: number[], name: string, op = 'add') =>
    seeding.call(user, `${user.email} ${op}s ${name}`, 'POST', '/messages/flags', {
      messages,
      op,
      flag: name,
    });
  await flag(bob, [sent.orangeQuestion, sent.poll], 'starred');
  await flag(alice, [sent.group], 'starred');
  await flag(alice, [sent.notes], 'collapsed');
  await flag(mona, [sent.sketch], 'starred');
  await flag(alice, [sent.mention, sent.direct], 'read');
  await seeding.call(bob, 'bob reads #design', 'POST', '/mark_stream_as_read', {
    stream_id: channels.design,
  });
  await flag(bob, [sent.deadline], 'read', 'remove');
  await seeding.call(alice, 'alice reads the lamp tasks', 'POST', '/mark_topic_as_read', {
    stream_id: channels.design,
    topic_name: 'lamp tasks',
  });
}
