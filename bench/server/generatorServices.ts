import { botReplyPort } from '../../src-main/server/actions/botReplyPort';
import { systemClock } from '../../src-main/server/clock';
import { EventQueues } from '../../src-main/server/events/queues';
import { AuthCache } from '../../src-main/server/http/authCache';
import {
  defaultOutgoingWebhookSettings,
  OutgoingWebhooks,
} from '../../src-main/server/outgoing/deliveries';
import { defaultPasswordHashing, Passwords } from '../../src-main/server/passwords/passwordHashes';
import { RealmExportRunner } from '../../src-main/server/export/realmExportRunner';
import { PushDelivery } from '../../src-main/server/push/pushDelivery';
import { fileSecrets } from '../../src-main/server/certificates/secretStore';
import { noScheduledDelivery } from '../../src-main/server/scheduledDelivery';
import type { Services } from '../../src-main/server/services';
import type { Sql } from '../../src-main/server/store/sql';

// The host's services, to create people and streams through its own actions;
// nobody listens to their events yet.
export function generatorServices(sql: Sql): Services {
  const queues = new EventQueues();
  const services: Services = {
    sql,
    queues,
    dev: false,
    realmUri: () => '',
    certificateFingerprint: () => null,
    authCache: new AuthCache(),
    rateLimits: null,
    clock: systemClock,
    scheduledDelivery: noScheduledDelivery,
    outgoingWebhooks: new OutgoingWebhooks(
      defaultOutgoingWebhookSettings,
      botReplyPort(sql, () => services),
      () => undefined,
    ),
    // Nobody here has a password: nothing is ever hashed.
    passwords: new Passwords(defaultPasswordHashing),
    // Nobody here requests a data export: the runner never runs.
    realmExports: new RealmExportRunner({
      sql,
      databasePath: '',
      dataDir: '',
      onChange: () => undefined,
      log: () => undefined,
    }),
    // The organization is registered with no push service: nothing is ever sent.
    pushDelivery: new PushDelivery({
      sql,
      queues,
      secrets: fileSecrets(''),
      clock: systemClock,
      realmUri: () => '',
      log: () => undefined,
    }),
  };
  return services;
}
