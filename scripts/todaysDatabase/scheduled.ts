import type { Channels } from './channels';
import type { People } from './people';
import type { Seeding } from './seeding';

/** 2099-01-01 and 2099-06-01, 09:00 UTC: long after anyone runs the test. */
const FAR_FUTURE = [4_070_941_200, 4_083_987_600] as const;

const MINUTE = 60;

/**
 * Scheduled messages still waiting (to a channel, to a person), and two
 * that were due soon: one the host will deliver, one it will refuse, its
 * channel archived in the meantime. Resolves once both are scheduled; the
 * caller archives the channel and lets the time pass.
 */
export async function seedScheduledMessages(
  seeding: Seeding,
  { alice, bob, mona }: People,
  channels: Channels,
): Promise<void> {
  const schedule = (user: typeof alice, what: string, params: Record<string, unknown>) =>
    seeding.call(user, what, 'POST', '/scheduled_messages', params);
  await schedule(bob, 'bob schedules a reminder', {
    type: 'stream',
    to: String(channels.design),
    topic: 'colours',
    content: 'Reminder: pick the **shade**',
    scheduled_delivery_timestamp: FAR_FUTURE[0],
  });
  await schedule(alice, 'alice schedules a greeting', {
    type: 'direct',
    to: JSON.stringify([bob.id]),
    content: 'Happy summer!',
    scheduled_delivery_timestamp: FAR_FUTURE[1],
  });
  await schedule(bob, 'bob schedules the standup notes', {
    type: 'stream',
    to: String(channels.design),
    topic: 'standup',
    content: 'Standup notes: all good',
    scheduled_delivery_timestamp: seeding.now + 30 * MINUTE,
  });
  await schedule(mona, 'mona schedules to a channel soon archived', {
    type: 'stream',
    to: String(channels.oldProjects),
    topic: '2019 lamps',
    content: 'One last word',
    scheduled_delivery_timestamp: seeding.now + 31 * MINUTE,
  });
}

/** Lets the time of the two soon-due messages pass, so the host sends one and refuses the other. */
export function letScheduledTimesPass(seeding: Seeding): void {
  seeding.later(60 * MINUTE * 1000);
}
