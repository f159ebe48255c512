import { join } from 'node:path';
import { fileSecrets, secretsMovedFromFiles, type SecretStore } from '../certificates/secretStore';
import type { Clock } from '../clock';
import type { EventQueues } from '../events/queues';
import { pushServiceRow } from '../store/pushService';
import type { Sql } from '../store/sql';
import { registerHost, type HostRegistration, type RegistrationOutcome } from './hostRegistration';
import { notePushAllowed } from './pushAllowed';
import { PushDelivery } from './pushDelivery';

/** Whether phones are notified, and if not why, for the Hosting page and the command. */
export interface PushServiceStatus {
  url: string;
  contactEmail: string;
  /** Unix seconds; null until the service accepted the host. */
  registeredAt: number | null;
  /** Unix seconds; null while the service answers. */
  unreachableSince: number | null;
  /** The service's words when it last said no. */
  refusal: string | null;
  /** Whether the service said it pushes for the organization (its plan may not allow it). */
  canPush: boolean;
}

/** The host's side of Zulip's push service: its registration and its courier. */
export interface HostPush {
  delivery: PushDelivery;
  /** Sends whatever an earlier start still owed the service. */
  start(): void;
  register(registration: HostRegistration): Promise<RegistrationOutcome>;
  status(): PushServiceStatus | null;
  stop(): Promise<void>;
}

/**
 * Opens the host's push side: the service's ID and key in `secrets` (the
 * app's keychain), or in 0600 files under `<dataDir>/push` for a headless
 * host.
 */
export function openHostPush(parts: {
  sql: Sql;
  queues: EventQueues;
  clock: Clock;
  dataDir: string;
  secrets: SecretStore | undefined;
  realmUri: () => string;
  log: (line: string) => void;
}): HostPush {
  const dir = join(parts.dataDir, 'push');
  const secrets = parts.secrets ? secretsMovedFromFiles(parts.secrets, dir) : fileSecrets(dir);
  const { sql, clock } = parts;
  const delivery = new PushDelivery({
    sql,
    queues: parts.queues,
    secrets,
    clock,
    realmUri: parts.realmUri,
    log: parts.log,
  });
  return {
    delivery,
    start: () => delivery.wake(),
    register: async (registration) => {
      const outcome = await registerHost(
        sql,
        secrets,
        registration,
        parts.realmUri(),
        Math.floor(clock.now() / 1000),
      );
      delivery.wake();
      if (outcome.kind !== 'registered') return outcome;
      notePushAllowed(sql, parts.queues, outcome.pushStatus);
      return { kind: 'registered' };
    },
    status: () => {
      const row = pushServiceRow(sql);
      return row
        ? {
            url: row.url,
            contactEmail: row.contact_email,
            registeredAt: row.registered_at,
            unreachableSince: row.unreachable_since,
            refusal: row.refusal,
            canPush: row.can_push === 1,
          }
        : null;
    },
    stop: () => delivery.stop(),
  };
}
