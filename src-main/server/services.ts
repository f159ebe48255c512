import type { Clock } from './clock';
import type { RealmExportRunner } from './export/realmExportRunner';
import type { EventQueues } from './events/queues';
import type { AuthCache } from './http/authCache';
import type { RateLimits } from './http/rateLimits';
import type { OutgoingWebhooks } from './outgoing/deliveries';
import type { Passwords } from './passwords/passwordHashes';
import type { PushDeliveryPort } from './push/pushDelivery';
import type { ScheduledDeliveryPort } from './scheduledDelivery';
import type { Sql } from './store/sql';

/** What actions and handlers share while a host runs. */
export interface Services {
  sql: Sql;
  queues: EventQueues;
  dev: boolean;
  realmUri: () => string;
  /** The SHA-256 fingerprint of the certificate the network is served with; null on loopback only. */
  certificateFingerprint: () => string | null;
  /** Authenticated users by header; actions that change a user forget it. */
  authCache: AuthCache;
  /** Zulip's rate limits; null where the host runs without them (most tests). */
  rateLimits: RateLimits | null;
  /** The host's time, which scheduled messages are due by; tests drive their own. */
  clock: Clock;
  /** Told when a scheduled message's time is set, so that it is sent then. */
  scheduledDelivery: ScheduledDeliveryPort;
  /** Posts messages to outgoing-webhook bots after they are stored. */
  outgoingWebhooks: OutgoingWebhooks;
  /** Makes and checks password hashes off the event loop; every hash goes through it. */
  passwords: Passwords;
  /** Runs the data exports administrators request, in the background. */
  realmExports: RealmExportRunner;
  /** Sends what is owed to Zulip's push service, never keeping the caller waiting. */
  pushDelivery: PushDeliveryPort;
}
