import { join } from 'node:path';
import Database from 'better-sqlite3';
import { bootstrapRealm } from '../../src-main/server/actions/bootstrapRealm';
import { createUser } from '../../src-main/server/actions/createUser';
import { subscribe } from '../../src-main/server/actions/subscribe';
import { Sql } from '../../src-main/server/store/sql';
import { Role } from '../../src-main/server/store/users';
import { credentialsOf, type Credentials } from '../server/credentials';
import { generatorServices } from '../server/generatorServices';
import { queueMix } from './queueMix';

export const DATABASE_FILE = 'hearth.sqlite3';
export const FAN_OUT_STREAM = 'fan-out';

export interface EventsOrg {
  /** Posts the fan-out messages; registers no queue. */
  sender: Credentials;
  /** Everyone who registers queues, in user order, with how many; the first ones poll. */
  users: readonly { credentials: Credentials; queues: number }[];
}

/**
 * Writes the organization before the host opens it, through the host's own
 * actions: a user per client mix entry, and the stream whose subscribers are
 * the polling users and the sender.
 */
export function setupOrg(dataDir: string, queues: number, pollers: number): EventsOrg {
  const counts = queueMix(queues);
  if (counts.length < pollers) {
    throw new Error(`${queues} queues make ${counts.length} users, fewer than ${pollers} pollers`);
  }
  const path = join(dataDir, DATABASE_FILE);
  const sql = new Sql(path, { logSlow: () => undefined });
  // Nobody listens yet: the queues only have to exist for the actions to notify.
  const services = generatorServices(sql);
  const { ownerId, userIds } = sql.transaction(() => {
    const { owner } = bootstrapRealm(services, {
      realmName: 'Hearth events bench',
      ownerEmail: 'owner@events.hearth.local',
      ownerFullName: 'Bench Owner',
    });
    const users = counts.map((_, index) =>
      createUser(services, {
        email: `user${index}@events.hearth.local`,
        fullName: `Bench User ${index}`,
        role: Role.member,
      }),
    );
    subscribe(services, owner, {
      streams: [{ name: FAN_OUT_STREAM, description: 'One message, every subscriber polling' }],
      users: [owner, ...users.slice(0, pollers)],
      inviteOnly: false,
    });
    return { ownerId: owner.id, userIds: users.map((user) => user.id) };
  });
  services.queues.close();
  sql.close();

  const db = new Database(path, { readonly: true });
  try {
    const [sender] = credentialsOf(db, [ownerId]);
    if (!sender) throw new Error('the owner has no credentials');
    const credentials = credentialsOf(db, userIds);
    return {
      sender,
      users: credentials.map((user, index) => ({ credentials: user, queues: counts[index] ?? 1 })),
    };
  } finally {
    db.close();
  }
}
