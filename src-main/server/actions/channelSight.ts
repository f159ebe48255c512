import type { Services } from '../services';
import type { Sql } from '../store/sql';
import { allUsers, userById, type UserRow } from '../store/users';
import { roleVisibilityNotices, visibilityOf, type Visibility } from './roleVisibility';

export interface ChannelSight {
  /** After the change: tells each person of the channels it shows them or hides. */
  announce(services: Services): void;
}

/**
 * What the people who may be affected see of the channels, before a change
 * of group membership: since Zulip 10 (feature level 349) the groups a
 * channel's administering, adding and subscribing settings name see it
 * without being in it, so joining or leaving one shows or hides it. Zulip's
 * bulk_add_members_to_user_groups and its kin send `stream` `create` (with
 * the subscribers, `peer_add`) to those who gain sight of a channel and
 * `delete` to those who lose it, after the group's own event.
 */
export function channelSight(sql: Sql, people: readonly UserRow[]): ChannelSight {
  const before = people
    .filter((person) => person.is_active === 1)
    .map((person): [number, Visibility] => [person.id, visibilityOf(sql, person)]);
  return {
    announce: (services) => {
      for (const [id, seen] of before) {
        const person = userById(services.sql, id);
        if (!person) continue;
        for (const notice of roleVisibilityNotices(services.sql, seen, person)) {
          services.queues.notify(notice, [id]);
        }
      }
    },
  };
}

/** The sight of the named users: the only ones whose own groups a change of direct members alters. */
export const sightOfUsers = (sql: Sql, userIds: readonly number[]): ChannelSight =>
  channelSight(
    sql,
    [...new Set(userIds)].flatMap((id) => userById(sql, id) ?? []),
  );

/** Everyone's sight: a change of subgroups may alter anyone's groups. */
export const sightOfEveryone = (sql: Sql): ChannelSight => channelSight(sql, allUsers(sql));
