import type { Services } from '../services';
import { getRealm, insertRealm, type RealmRow } from '../store/realm';
import { firstOwner, Role, type UserRow } from '../store/users';
import { createUser } from './createUser';

export interface RealmBootstrap {
  realmName: string;
  ownerEmail: string;
  ownerFullName: string;
}

/** Creates the organization and its owner on first start; later starts find them. */
export function bootstrapRealm(
  services: Services,
  defaults: RealmBootstrap,
): { realm: RealmRow; owner: UserRow } {
  const { sql } = services;
  if (!getRealm(sql)) {
    sql.transaction(() => insertRealm(sql, { name: defaults.realmName, dateCreated: now() }));
  }
  const owner =
    firstOwner(sql) ??
    createUser(services, {
      email: defaults.ownerEmail,
      fullName: defaults.ownerFullName,
      role: Role.owner,
    });
  const realm = getRealm(sql);
  if (!realm) throw new Error('realm missing after bootstrap');
  return { realm, owner };
}

const now = () => Math.floor(Date.now() / 1000);
