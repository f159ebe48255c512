import type { EventQueues } from './events/queues';
import type { Sql } from './store/sql';
import type { UserRow } from './store/users';

/** What actions and handlers share while a host runs. */
export interface Services {
  sql: Sql;
  queues: EventQueues;
  dev: boolean;
  realmUri: () => string;
  /** Authenticated users by lower-cased email; actions that change a user drop its entry. */
  authCache: Map<string, UserRow>;
}
