import { createHmac } from 'node:crypto';
import type { SecretStore } from '../certificates/secretStore';
import { getRealm, REALM_ID } from '../store/realm';
import {
  notePushServiceAnswered,
  notePushServiceRefusal,
  notePushServiceRegistered,
  notePushServiceUnreachable,
  setPushServiceAddress,
} from '../store/pushService';
import type { Sql } from '../store/sql';
import { ZULIP_FEATURE_LEVEL, ZULIP_VERSION } from '../version';
import { callService, type ServiceAnswer, type ServiceIdentity } from './serviceClient';
import { identityToRegister } from './serviceIdentity';

export interface HostRegistration {
  /** The service's address: Zulip's ZULIP_SERVICES_URL, which the owner gives. */
  url: string;
  /** Zulip's ZULIP_ADMINISTRATOR: who the service writes to about this server. */
  contactEmail: string;
  /** The owner accepted the service's terms, shown with what registering sends: nothing is sent without. */
  termsAccepted: boolean;
}

/** What became of a registration: the page and the command say it in these words. */
export type RegistrationOutcome =
  { kind: 'registered' } | { kind: 'unreachable'; why: string } | { kind: 'refused'; msg: string };

/**
 * Registers the host as Zulip's `manage.py register_server` does, then tells
 * the service of the organization (its server/analytics upload, without
 * which the service refuses every device of it as MISSING_REMOTE_REALM).
 * Registering again sends the same identity: the service updates what it
 * knows of the server rather than count a new one.
 */
export async function registerHost(
  sql: Sql,
  secrets: SecretStore,
  registration: HostRegistration,
  realmUrl: string,
  now: number,
): Promise<{ kind: 'registered'; pushStatus: unknown } | Failure> {
  if (!registration.termsAccepted) {
    throw new Error("the push service's terms must be accepted before the host registers");
  }
  setPushServiceAddress(sql, registration.url, registration.contactEmail);
  const identity = await identityToRegister(secrets);
  const registered = noteAnswer(
    sql,
    await callService(registration.url, {
      path: 'server/register',
      form: {
        zulip_org_id: identity.orgId,
        zulip_org_key: identity.orgKey,
        hostname: new URL(realmUrl).host,
        contact_email: registration.contactEmail,
      },
    }),
    now,
  );
  if ('kind' in registered) return registered;
  const uploaded = noteAnswer(
    sql,
    await callService(registration.url, {
      path: 'server/analytics',
      identity,
      form: organizationUpload(sql, identity, realmUrl),
    }),
    now,
  );
  if ('kind' in uploaded) return uploaded;
  notePushServiceRegistered(sql, now);
  // The service answers, for each organization, whether it pushes for it.
  const realms = uploaded.body.realms as Record<string, unknown> | undefined;
  return { kind: 'registered', pushStatus: realms?.[getRealm(sql)?.uuid ?? ''] };
}

type Failure = Exclude<RegistrationOutcome, { kind: 'registered' }>;

function noteAnswer(
  sql: Sql,
  answer: ServiceAnswer,
  now: number,
): { body: Record<string, unknown> } | Failure {
  switch (answer.kind) {
    case 'answered':
      notePushServiceAnswered(sql);
      return { body: answer.body };
    case 'unreachable':
      notePushServiceUnreachable(sql, now);
      return { kind: 'unreachable', why: answer.why };
    case 'refused':
      notePushServiceRefusal(sql, answer.msg);
      return { kind: 'refused', msg: answer.msg };
  }
}

/**
 * The form of Zulip's server/analytics upload with the organization alone:
 * Hearth keeps no usage counts to send, and Zulip sends them only where its
 * owner agreed to share them.
 */
function organizationUpload(
  sql: Sql,
  identity: ServiceIdentity,
  realmUrl: string,
): Record<string, string> {
  const realm = getRealm(sql);
  if (!realm?.uuid) throw new Error('the organization has no UUID to register');
  const deactivated = sql.get<{ deactivated: number }>(
    'SELECT deactivated FROM realm WHERE id = 1',
  );
  const organization = {
    id: REALM_ID,
    host: new URL(realmUrl).host,
    url: realmUrl,
    name: realm.name,
    org_type: 0,
    date_created: realm.date_created,
    deactivated: deactivated?.deactivated === 1,
    is_system_bot_realm: false,
    authentication_methods: { Email: true },
    uuid: realm.uuid,
    uuid_owner_secret: ownerSecret(identity, realm.uuid),
  };
  return {
    realm_counts: '[]',
    installation_counts: '[]',
    realmauditlog_rows: '[]',
    realms: JSON.stringify([organization]),
    version: JSON.stringify(ZULIP_VERSION),
    merge_base: JSON.stringify(ZULIP_VERSION),
    api_feature_level: JSON.stringify(ZULIP_FEATURE_LEVEL),
  };
}

// Zulip's Realm.uuid_owner_secret proves to the service that whoever asks
// about the organization's plan runs its server. Derived from the server's
// key, it stays the same across uploads without a secret more to keep.
const ownerSecret = (identity: ServiceIdentity, uuid: string) =>
  `zuliprealm_${createHmac('sha256', identity.orgKey).update(uuid).digest('hex').slice(0, 32)}`;

/** A registration asked for as the host starts, which did not go through: the start stops, saying why. */
export class PushRegistrationError extends Error {
  constructor(readonly outcome: Failure) {
    super(
      outcome.kind === 'unreachable'
        ? `the push service did not answer (${outcome.why}); nothing was registered there`
        : `the push service refused the registration: ${outcome.msg}`,
    );
  }
}
