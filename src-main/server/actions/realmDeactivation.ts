import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { REALM_ID } from '../store/realm';
import { setRealmDeactivated, setRealmReactivated } from '../store/realmDeactivation';
import { activeUserIds, Role, type UserRow } from '../store/users';

// Zulip's MIN_DEACTIVATED_REALM_DELETION_DAYS and MAX_ (none) defaults
// (feature level 332), which register announces and deactivation holds to.
export const MIN_DEACTIVATED_REALM_DELETION_DAYS = 14;
export const MAX_DEACTIVATED_REALM_DELETION_DAYS: number | null = null;

const DAY_SECONDS = 24 * 60 * 60;

function checkDeletionDelay(days: number | null): void {
  const max = MAX_DEACTIVATED_REALM_DELETION_DAYS;
  if (max !== null && (days === null || days > max)) {
    throw errors.badRequest(`Data deletion time must be at most ${max} days in the future.`);
  }
  const min = MIN_DEACTIVATED_REALM_DELETION_DAYS;
  if (days !== null && days < min) {
    throw errors.badRequest(`Data deletion time must be at least ${min} days in the future.`);
  }
}

/**
 * Zulip's POST /realm/deactivate: the owner closes the organization. On a
 * Hearth host the organization is the whole host, so nothing is deleted: the
 * data stays on disk, the deletion date is only recorded, and the host's
 * operator opens it again (`--reactivate-organization`); scheduled messages
 * wait for that (host.ts). Every client's
 * long-poll is answered with the `deactivated` event and every queue ends;
 * from then on every authenticated request gets REALM_DEACTIVATED.
 */
export function deactivateRealm(
  services: Services,
  actor: UserRow,
  deletionDelayDays: number | null,
): void {
  if (actor.role !== Role.owner)
    throw errors.unauthorizedPrincipal('Must be an organization owner');
  checkDeletionDelay(deletionDelayDays);
  const { sql, queues } = services;
  const deletionDate =
    deletionDelayDays === null
      ? null
      : Math.floor(services.clock.now() / 1000) + deletionDelayDays * DAY_SECONDS;
  sql.transaction(() => setRealmDeactivated(sql, deletionDate));
  queues.notify(
    plainNotice('realm', { op: 'deactivated', realm_id: REALM_ID }),
    activeUserIds(sql),
  );
  queues.deleteAll();
}

/** Zulip's do_reactivate_realm, run by the host's operator; false if it was not deactivated. */
export function reactivateRealm(services: Services): boolean {
  return services.sql.transaction(() => setRealmReactivated(services.sql));
}
