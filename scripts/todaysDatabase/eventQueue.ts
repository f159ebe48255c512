import type { People } from './people';
import type { Seeding } from './seeding';

/** The event queue the data folder keeps, and the last event its owner acknowledged. */
export interface KeptQueue {
  owner: string;
  queueId: string;
  lastEventId: number;
}

/**
 * Alice's client registered a queue, read its first events and acknowledged
 * one of them; two more wait in it when the host stops, which a restart
 * (and a migration) must keep.
 */
export async function seedEventQueue(seeding: Seeding, { alice, bob }: People): Promise<KeptQueue> {
  const registered = await seeding.call(alice, 'alice registers', 'POST', '/register', {
    event_types: ['message', 'reaction'],
    apply_markdown: true,
  });
  const queueId = registered.queue_id as string;
  await seeding.direct(bob, [alice], 'Are you there?');
  const crimson = await seeding.post(bob, 'design', 'colours', 'Crimson it is');
  const read = (last_event_id: number) =>
    seeding.call(alice, 'alice reads her events', 'GET', '/events', {
      queue_id: queueId,
      last_event_id,
      dont_block: true,
    });
  await read(-1);
  await read(0);
  await seeding.call(bob, 'bob waves', 'POST', `/messages/${crimson}/reactions`, {
    emoji_name: 'wave',
  });
  return { owner: 'alice', queueId, lastEventId: 0 };
}
