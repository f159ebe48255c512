import type { GroupSettingValue } from '../../permissions/groupSettings';
import { plainNotice } from '../events/notice';
import { subscriberWatchers } from '../queries/subscriberAccess';
import { activeGroupSettingForApi, systemGroupIdsForRole } from '../queries/systemGroups';
import type { Services } from '../services';
import type { Sql } from '../store/sql';
import type { StreamRow } from '../store/streams';
import { getRealm, realmGroupSettingColumns } from '../store/realm';
import { groupIdsNaming, userGroupRows, userGroupSettingColumns } from '../store/userGroups';
import { activeUserIds, userById, type UserRow } from '../store/users';
import { announceAccessChanges } from './accessChanges';
import { groupSettingOf } from './realmGroupSettings';
import { userGroupSettingOf } from './userGroupSettings';
import { guestAccessSnapshot, seesEveryone } from './userAccess';
import { streamSubscriptionsOfUser } from '../store/subscriptions';

/** What a deactivation or reactivation must know of the time before it. */
export interface ActivationBefore {
  /** guestAccessSnapshot, taken before the change. */
  guestAccess: ReadonlyMap<number, ReadonlySet<number>>;
  /** The streams the account was subscribed to, archived ones included. */
  streams: readonly StreamRow[];
}

/** Read inside the transaction, before the account's is_active changes. */
export function activationBefore(sql: Sql, user: UserRow): ActivationBefore {
  return {
    guestAccess: guestAccessSnapshot(sql),
    streams: streamSubscriptionsOfUser(sql, user.id),
  };
}

/**
 * Who, among the active users, hears of `user`'s activity as a realm_user
 * `update`: Zulip's get_user_ids_who_can_access_user, where a guest who does
 * not see everyone keeps sight of people through direct messages even while
 * they are deactivated (channels no longer show them).
 */
function hearers(
  sql: Sql,
  user: UserRow,
  guestAccess: ReadonlyMap<number, ReadonlySet<number>>,
): number[] {
  return activeUserIds(sql).filter((id) => {
    if (id === user.id) return false;
    if (user.is_bot === 1) return true;
    const reader = userById(sql, id);
    if (!reader || seesEveryone(sql, reader)) return true;
    return guestAccess.get(id)?.has(user.id) === true;
  });
}

/** Every group `user` is a direct member of, the system groups of their role first by ID. */
function directGroupIds(sql: Sql, user: UserRow): number[] {
  return [...systemGroupIdsForRole(user.role), ...groupIdsNaming(sql, user.id)].sort(
    (a, b) => a - b,
  );
}

function tellMembership(
  services: Services,
  op: 'add_members' | 'remove_members',
  user: UserRow,
  to: readonly number[],
): void {
  if (to.length === 0) return;
  for (const groupId of directGroupIds(services.sql, user)) {
    services.queues.notify(
      plainNotice('user_group', { op, group_id: groupId, user_ids: [user.id] }),
      to,
    );
  }
}

/**
 * The settings of the organization and of user groups whose anonymous group
 * names `user` directly, each with the value register now gives (Zulip's
 * send_update_events_for_anonymous_group_settings, feature level 303).
 */
function tellSettings(services: Services, user: UserRow, to: readonly number[]): void {
  const { sql, queues } = services;
  const names = (value: GroupSettingValue) =>
    typeof value !== 'number' && value.direct_members.includes(user.id);
  const realm = getRealm(sql);
  if (to.length === 0 || !realm) return;
  for (const name of realmGroupSettingColumns) {
    const value = groupSettingOf(realm, name);
    if (!names(value)) continue;
    const data = { [name]: activeGroupSettingForApi(sql, value) };
    queues.notify(plainNotice('realm', { op: 'update_dict', property: 'default', data }), to);
  }
  for (const group of userGroupRows(sql)) {
    for (const name of userGroupSettingColumns) {
      const value = userGroupSettingOf(group, name);
      if (!names(value)) continue;
      const data = { [name]: activeGroupSettingForApi(sql, value) };
      queues.notify(plainNotice('user_group', { op: 'update', group_id: group.id, data }), to);
    }
  }
}

function tellSubscribers(
  services: Services,
  op: 'peer_add' | 'peer_remove',
  user: UserRow,
  streams: readonly StreamRow[],
): void {
  for (const stream of streams) {
    const watchers = subscriberWatchers(services.sql, stream).filter((id) => id !== user.id);
    services.queues.notify(
      plainNotice('subscription', { op, stream_ids: [stream.id], user_ids: [user.id] }),
      watchers,
    );
  }
}

/**
 * Zulip 12's send_events_for_user_deactivation, once `user` is deactivated:
 * `peer_remove` from each of their streams, archived ones too (feature
 * levels 377 and 428); a realm_user `update` of is_active (222) to those
 * who may still see them, who take them out of every group themselves
 * (303); `remove_members` for each group to everyone else; a `remove` to a
 * guest who saw them only through a channel (228). A bot gets no realm_bot
 * event: realm_bots says nothing of activity since feature level 474.
 */
export function announceDeactivation(
  services: Services,
  user: UserRow,
  before: ActivationBefore,
): void {
  const { sql, queues } = services;
  tellSubscribers(services, 'peer_remove', user, before.streams);
  const told = hearers(sql, user, guestAccessSnapshot(sql));
  queues.notify(
    plainNotice('realm_user', { op: 'update', person: { user_id: user.id, is_active: false } }),
    told,
  );
  const heard = new Set(told);
  const unheard = activeUserIds(sql).filter((id) => !heard.has(id) && id !== user.id);
  tellMembership(services, 'remove_members', user, unheard);
  tellSettings(services, user, unheard);
  announceAccessChanges(services, before.guestAccess);
}

/**
 * Zulip 12's do_reactivate_user, once `user` is active again: a realm_user
 * `update` of is_active to those who saw them while deactivated, an `add`
 * to a guest who sees them again through a channel, `peer_add` to each
 * stream they are still subscribed to, and `add_members` to
 * everyone for each of their groups (feature level 303).
 */
export function announceReactivation(
  services: Services,
  user: UserRow,
  before: ActivationBefore,
): void {
  const { sql, queues } = services;
  queues.notify(
    plainNotice('realm_user', { op: 'update', person: { user_id: user.id, is_active: true } }),
    hearers(sql, user, before.guestAccess),
  );
  announceAccessChanges(services, before.guestAccess);
  // Archived channels too, which Zulip's do_reactivate_user passes over: as
  // deactivation's peer_remove reaches them (feature level 428), a client
  // that keeps archived channels would otherwise lack the subscriber that
  // register gives.
  tellSubscribers(services, 'peer_add', user, before.streams);
  tellMembership(services, 'add_members', user, activeUserIds(sql));
  tellSettings(services, user, activeUserIds(sql));
}
