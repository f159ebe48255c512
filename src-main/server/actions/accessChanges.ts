import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { profileDataByUser, profileDataField } from '../shape/profileFields';
import { unknownUserName } from '../shape/unknownUser';
import { toWireUser } from '../shape/users';
import { profileFieldValuesOf } from '../store/customProfileFields';
import type { Sql } from '../store/sql';
import { userById, type UserRow } from '../store/users';
import { accessibleHumanIds, guestAccessSnapshot, seesEveryone } from './userAccess';

/** A `realm_user` `add` telling one guest of someone they may now see, as register would list them. */
function announcePerson(services: Services, guestId: number, id: number): void {
  const { sql, queues } = services;
  const person = userById(sql, id);
  if (!person) return;
  queues.notify(
    plainNotice('realm_user', {
      op: 'add',
      person: {
        ...toWireUser(person, { clientGravatar: false }),
        ...profileDataField(person, profileDataByUser(profileFieldValuesOf(sql, id))),
      },
    }),
    [guestId],
  );
}

/**
 * Zulip 8 (feature level 228): a guest kept from seeing everyone hears a
 * `realm_user` `add` for each person a change let them see, and a `remove`
 * for each it hid, as Zulip's subscription and direct-message actions send
 * them. `before` is guestAccessSnapshot taken before the change.
 */
export function announceAccessChanges(
  services: Services,
  before: ReadonlyMap<number, ReadonlySet<number>>,
): void {
  if (before.size === 0) return;
  const { sql, queues } = services;
  for (const [guestId, now] of guestAccessSnapshot(sql)) {
    const was = before.get(guestId);
    if (!was) continue;
    for (const id of now) if (!was.has(id)) announcePerson(services, guestId, id);
    for (const id of was) {
      if (now.has(id)) continue;
      queues.notify(
        plainNotice('realm_user', {
          op: 'remove',
          person: { user_id: id, full_name: unknownUserName },
        }),
        [guestId],
      );
    }
  }
}

/**
 * Zulip's get_recipients_for_user_creation_events: for each guest in a direct
 * message who does not see everyone, the people of the conversation they see
 * for the first time through it. Read before the message is stored.
 */
export function directMessageAccessGains(
  sql: Sql,
  sender: UserRow,
  readerIds: readonly number[],
): Map<number, number[]> {
  const gains = new Map<number, number[]>();
  for (const id of readerIds) {
    const guest = id === sender.id ? undefined : userById(sql, id);
    if (!guest || seesEveryone(sql, guest)) continue;
    const seen = accessibleHumanIds(sql, id, { includeDeactivated: true });
    const fresh = readerIds.filter(
      (other) => !seen.has(other) && userById(sql, other)?.is_bot !== 1,
    );
    if (fresh.length > 0) gains.set(id, fresh);
  }
  return gains;
}

/** The `realm_user` `add` events of directMessageAccessGains, sent before the message itself. */
export function announceAccessGains(
  services: Services,
  gains: ReadonlyMap<number, readonly number[]>,
): void {
  for (const [guestId, ids] of gains) {
    for (const id of ids) announcePerson(services, guestId, id);
  }
}
