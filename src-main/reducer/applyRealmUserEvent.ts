import type { User } from '../wire';
import type { QueuedEvent } from '../wire';
import { applyRealmUserUpdate } from './applyProfileDataEvents';
import type { InitialState } from '../wire/registerState';
import {
  featureLevelOf,
  isModeratorFlag,
  Policy,
  RoleNumber,
  roleNumberOf,
  rolePermits,
} from '../permissions/rolePolicies';

const byId = (a: User, b: User) => a.user_id - b.user_id;

/**
 * From Zulip 8 (feature level 222) deactivation comes as an `update` of
 * is_active, and `remove` only tells a guest that they no longer see someone
 * (228): the person leaves every list, as Zulip's apply_event has it for a
 * client with the user_list_incomplete capability, which Hearth declares.
 */
export const removeIsLostAccessSince = 222;

/**
 * Zulip's apply_event for `realm_user`: a new user joins `realm_users`, a
 * deactivated one moves to `realm_non_active_users` (or, from Zulip 8, one
 * the reader no longer sees leaves), and an update changes the fields it
 * names (a custom profile value by field ID).
 */
export function applyRealmUserEvent(state: InitialState, event: QueuedEvent): InitialState {
  const person = event.person as Partial<User> & { user_id: number };
  switch (event.op) {
    case 'add': {
      if (!state.realm_users) return state;
      // Zulip's apply_event: a human joins with no custom profile values; bots have none.
      const added = (person.is_bot ? person : { profile_data: {}, ...person }) as User;
      const others = state.realm_users.filter((user) => user.user_id !== person.user_id);
      const next = { ...state, realm_users: [...others, added].sort(byId) };
      // A reactivated user comes back from the deactivated ones.
      if (state.realm_non_active_users) {
        next.realm_non_active_users = state.realm_non_active_users.filter(
          (user) => user.user_id !== person.user_id,
        );
      }
      return next;
    }
    case 'remove': {
      if (featureLevelOf(state) >= removeIsLostAccessSince) {
        return withoutPerson(state, person.user_id);
      }
      const gone = state.realm_users?.find((user) => user.user_id === person.user_id);
      if (!state.realm_users || !gone) return state;
      const next = {
        ...state,
        realm_users: state.realm_users.filter((user) => user.user_id !== person.user_id),
      };
      if (state.realm_non_active_users) {
        next.realm_non_active_users = [
          ...state.realm_non_active_users,
          { ...gone, is_active: false },
        ].sort(byId);
      }
      return next;
    }
    case 'update': {
      if ('custom_profile_field' in person) return applyRealmUserUpdate(state, event);
      const role = person.role;
      // Zulip's apply_event: a new role restates the flags that follow from it.
      const roleFlags =
        role === undefined
          ? {}
          : {
              is_admin: role <= RoleNumber.admin,
              is_owner: role === RoleNumber.owner,
              is_guest: role === RoleNumber.guest,
            };
      // A new avatar names its source and medium size too, which only the
      // user's own top-level fields hold, as Zulip's apply_event keeps them.
      // A changed API email comes as `new_email`, as Zulip's apply_event reads it.
      const {
        avatar_source: avatarSource,
        avatar_url_medium: avatarUrlMedium,
        new_email: newEmail,
        ...userFields
      } = person as typeof person & {
        avatar_source?: string;
        avatar_url_medium?: string;
        new_email?: string;
      };
      // Zulip's apply_event: `new_email` is the user's new Zulip API email.
      const emailFields = newEmail === undefined ? {} : { email: newEmail };
      const change = (user: User): User =>
        user.user_id === person.user_id
          ? { ...user, ...userFields, ...emailFields, ...roleFlags }
          : user;
      const next = { ...state };
      if (state.realm_users) next.realm_users = state.realm_users.map(change);
      if (state.realm_non_active_users) {
        next.realm_non_active_users = state.realm_non_active_users.map(change);
      }
      if (person.is_active !== undefined) moveByActivity(next, person.user_id, person.is_active);
      if (person.is_active === false) withoutDeactivated(next, person.user_id);
      if (person.user_id === state.user_id) {
        // Zulip's apply_event: the reader's own name and emails at the top level too.
        const own = { ...userFields, ...emailFields } as Record<string, unknown>;
        for (const field of ['full_name', 'email', 'delivery_email'] as const) {
          if (own[field] !== undefined && field in state)
            Object.assign(next, { [field]: own[field] });
        }
      }
      if (person.user_id === state.user_id && newEmail !== undefined && 'email' in state) {
        next.email = newEmail;
      }
      const deliveryEmail = (person as { delivery_email?: unknown }).delivery_email;
      if (
        person.user_id === state.user_id &&
        deliveryEmail !== undefined &&
        'delivery_email' in state
      ) {
        next.delivery_email = deliveryEmail;
      }
      if (person.user_id === state.user_id && avatarSource !== undefined && 'avatar_url' in state) {
        Object.assign(next, {
          avatar_source: avatarSource,
          avatar_url: person.avatar_url,
          avatar_url_medium: avatarUrlMedium,
        });
      }
      if (person.user_id === state.user_id && role !== undefined && 'is_admin' in state) {
        return withOwnRole(next, role);
      }
      return next;
    }
    default:
      return state;
  }
}

interface AnonymousGroup {
  direct_members: number[];
  direct_subgroups: number[];
}

const isAnonymousGroup = (value: unknown): value is AnonymousGroup =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as AnonymousGroup).direct_members);

/** Each anonymous group-setting value of `fields` without the user among its direct members. */
function settingsWithout(fields: Record<string, unknown>, userId: number): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (isAnonymousGroup(value) && value.direct_members.includes(userId)) {
      changed[name] = {
        ...value,
        direct_members: value.direct_members.filter((id) => id !== userId),
      };
    }
  }
  return changed;
}

/**
 * Zulip 10 (feature level 303): a deactivated user is in no group and in no
 * anonymous group of a setting, and the server leaves it to the client to
 * take them out of the groups and of the organization's and groups'
 * settings, as Zulip's apply_event does; reactivation comes with
 * `add_members` and the settings' updates.
 */
function withoutDeactivated(state: InitialState, userId: number): void {
  const realmSettings = Object.fromEntries(
    Object.entries(state).filter(([key]) => key.startsWith('realm_')),
  );
  Object.assign(state, settingsWithout(realmSettings, userId));
  if (!state.realm_user_groups) return;
  state.realm_user_groups = state.realm_user_groups.map((group) => {
    const settings = settingsWithout(group as unknown as Record<string, unknown>, userId);
    if (!group.members.includes(userId) && Object.keys(settings).length === 0) return group;
    return { ...group, ...settings, members: group.members.filter((id) => id !== userId) };
  });
}

function withoutPerson(state: InitialState, userId: number): InitialState {
  const next = { ...state };
  const others = (user: User) => user.user_id !== userId;
  if (state.realm_users) next.realm_users = state.realm_users.filter(others);
  if (state.realm_non_active_users) {
    next.realm_non_active_users = state.realm_non_active_users.filter(others);
  }
  return next;
}

/**
 * Zulip's apply_event for the reader's own new role: the role flags, and the
 * permissions that follow from them under the organization's policies.
 */
function withOwnRole(state: InitialState, role: number): InitialState {
  const next: InitialState = {
    ...state,
    is_admin: role <= RoleNumber.admin,
    is_owner: role === RoleNumber.owner,
    is_moderator: isModeratorFlag(role, featureLevelOf(state)),
    is_guest: role === RoleNumber.guest,
  };
  const may = (policy: unknown) => rolePermits(roleNumberOf(next), policy ?? Policy.members);
  const isPublic = may(state['realm_create_public_stream_policy']);
  const isPrivate = may(state['realm_create_private_stream_policy']);
  if ('can_create_public_streams' in state) next['can_create_public_streams'] = isPublic;
  if ('can_create_private_streams' in state) next['can_create_private_streams'] = isPrivate;
  if ('can_create_streams' in state) {
    next['can_create_streams'] =
      isPublic || isPrivate || next['can_create_web_public_streams'] === true;
  }
  if ('can_subscribe_other_users' in state) {
    next['can_subscribe_other_users'] = may(state['realm_invite_to_stream_policy']);
  }
  if ('can_invite_others_to_realm' in state) {
    next['can_invite_others_to_realm'] = may(state['realm_invite_to_realm_policy']);
  }
  return next;
}

/**
 * Zulip 8 (feature level 222) deactivates and reactivates people with an
 * `update` of is_active rather than `remove` and `add`: the person moves
 * between the active and the deactivated lists, as Zulip's apply_event does.
 */
function moveByActivity(state: InitialState, userId: number, active: boolean): void {
  const { realm_users: activeUsers, realm_non_active_users: inactiveUsers } = state;
  if (!activeUsers || !inactiveUsers) return;
  const from = active ? inactiveUsers : activeUsers;
  const moving = from.find((user) => user.user_id === userId);
  if (!moving) return;
  const rest = from.filter((user) => user.user_id !== userId);
  const to = [...(active ? activeUsers : inactiveUsers), moving].sort(byId);
  state.realm_users = active ? to : rest;
  state.realm_non_active_users = active ? rest : to;
}
