import { randomUUID } from 'node:crypto';
import type { Passwords } from '../passwords/passwordHashes';
import type { Services } from '../services';
import {
  getRealm,
  setRealmUuid,
  insertRealm,
  setNotificationsStream,
  setRealmSettings,
  type RealmRow,
} from '../store/realm';
import type { Sql } from '../store/sql';
import { insertDefaultStream, streamByName } from '../store/streams';
import { firstOwner, Role, type UserRow } from '../store/users';
import { createUser } from './createUser';
import { hostLanguageCode } from './languages';
import { subscribe } from './subscribe';

export interface RealmBootstrap {
  realmName: string;
  ownerEmail: string;
  ownerFullName: string;
  /** Lets the owner sign in with a password from other clients; without it only the key works. */
  ownerPassword?: string | undefined;
  /**
   * The organization's language as Hearth's window names it (`de`, `pt-BR`),
   * as Zulip's form for a new organization asks for one: the owner, and
   * everyone who joins after, start in it. English where none is given.
   */
  language?: string | undefined;
}

/** What an organization is created from: its owner's password already hashed. */
export type OrganizationSeed = Omit<RealmBootstrap, 'ownerPassword'> & {
  ownerPasswordHash?: string | null;
};

/**
 * The organization to create, its owner's password hashed off the event loop,
 * and only on the first start: later starts find the organization and hash nothing.
 */
export async function organizationSeed(
  sql: Sql,
  passwords: Passwords,
  organization: RealmBootstrap,
): Promise<OrganizationSeed> {
  const { ownerPassword, ...seed } = organization;
  if (!ownerPassword || getRealm(sql)) return seed;
  return { ...seed, ownerPasswordHash: await passwords.hash(ownerPassword) };
}

// As a new Zulip organization: one public stream that everyone joins and
// where new streams are announced.
const generalStream = {
  name: 'general',
  description: 'The whole organization, for anything that concerns everyone',
};

function createOrganization(services: Services, defaults: OrganizationSeed): void {
  const { sql } = services;
  sql.transaction(() => {
    insertRealm(sql, { name: defaults.realmName, dateCreated: now() });
    if (defaults.language !== undefined) {
      setRealmSettings(sql, { default_language: hostLanguageCode(defaults.language) });
    }
    const owner = createUser(services, {
      email: defaults.ownerEmail,
      fullName: defaults.ownerFullName,
      role: Role.owner,
      passwordHash: defaults.ownerPasswordHash ?? null,
    });
    subscribe(services, owner, { streams: [generalStream], users: [owner], inviteOnly: false });
    const general = streamByName(sql, generalStream.name);
    if (!general) throw new Error('the general stream vanished inside its own transaction');
    insertDefaultStream(sql, general.id);
    setNotificationsStream(sql, general.id);
  });
}

/** Creates the organization, its owner and its first stream on first start; later starts find them. */
export function bootstrapRealm(
  services: Services,
  defaults: OrganizationSeed,
): { realm: RealmRow; owner: UserRow } {
  const { sql } = services;
  if (!getRealm(sql)) createOrganization(services, defaults);
  const owner =
    firstOwner(sql) ??
    createUser(services, {
      email: defaults.ownerEmail,
      fullName: defaults.ownerFullName,
      role: Role.owner,
    });
  setRealmUuid(sql, randomUUID());
  const realm = getRealm(sql);
  if (!realm) throw new Error('realm missing after bootstrap');
  return { realm, owner };
}

const now = () => Math.floor(Date.now() / 1000);
