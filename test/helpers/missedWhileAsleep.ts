import type { ShownAlert } from '../../src-main/client/ports/notifier';
import type { HearthSound } from '../../src-main/wire';
import { startOrg, type Org, type TestUser } from './org';

/** An organization of Alice, whose app sleeps, and Bob, who writes to her in #kitchen. */
export interface SleepyOrganization {
  org: Org;
  alice: TestUser;
  bob: TestUser;
  /** Alice's sound there: sounds name no account, so each account has its own. */
  sound: HearthSound;
}

/** Two organizations whose queues go after `idleMs` unpolled, Alice's sound a different one in each. */
export async function startSleepyOrganizations(idleMs: number): Promise<SleepyOrganization[]> {
  const organizations: SleepyOrganization[] = [];
  for (const sound of ['ember', 'knock'] as const) {
    const org = await startOrg({ queueTimeouts: { idleMs, heartbeatMs: 60_000 } });
    const alice = await org.user('alice');
    const bob = await org.user('bob');
    for (const user of [alice, bob]) await org.subscribe(user, 'kitchen');
    await org.api(alice)('PATCH', '/settings', { notification_sound: sound });
    organizations.push({ org, alice, bob, sound });
  }
  return organizations;
}

/** What one account's person was sent while their app slept. */
export interface Missed {
  /** Every message, in the order sent. */
  ids: number[];
  /** What each message that notifies says in a notification of its own, in the order sent. */
  notifying: string[];
}

// Direct messages and mentions notify; the plain channel messages, in a
// topic of their own that no mention made followed, do not. A direct
// message comes first, so that it is what a poll held across the sleep
// answers with, when one does.
const plan = [
  { kind: 'dm', text: 'dm 1' },
  { kind: 'plain', text: 'plain 1' },
  { kind: 'dm', text: 'dm 2' },
  { kind: 'mention', text: 'mention 1' },
  { kind: 'plain', text: 'plain 2' },
  { kind: 'dm', text: 'dm 3' },
  { kind: 'mention', text: 'mention 2' },
  { kind: 'dm', text: 'dm 4' },
] as const;

/** Sends `to` the plan's messages from `from`, in `stream`, to which both belong. */
export async function sendWhileAsleep(
  org: Org,
  from: TestUser,
  to: TestUser,
  stream: string,
): Promise<Missed> {
  const missed: Missed = { ids: [], notifying: [] };
  for (const { kind, text } of plan) {
    const params =
      kind === 'dm'
        ? { type: 'private', to: [to.id], content: text }
        : kind === 'mention'
          ? { type: 'stream', to: stream, topic: 'soup', content: `@**${to.fullName}** ${text}` }
          : { type: 'stream', to: stream, topic: 'chatter', content: text };
    const sent = await org.api(from)('POST', '/messages', params);
    if (sent.status !== 200)
      throw new Error(`could not send "${text}": ${JSON.stringify(sent.json)}`);
    missed.ids.push(sent.json.id as number);
    if (kind !== 'plain') missed.notifying.push(kind === 'dm' ? text : `@${to.fullName} ${text}`);
  }
  return missed;
}

/**
 * How the account's notifications announced what it missed: those shown
 * one by one (what a poll held across the sleep brought, live), and how
 * many messages each catch-up summary counted.
 */
export function announcements(shown: readonly ShownAlert[], accountId: string) {
  const alone: string[] = [];
  const summarized: number[] = [];
  for (const alert of shown) {
    if (alert.accountId !== accountId) continue;
    const summary = /^(\d+) new messages? in \d+ conversations?$/.exec(alert.body);
    if (summary) summarized.push(Number(summary[1]));
    else alone.push(alert.body);
  }
  return { alone, summarized };
}
