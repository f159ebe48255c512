import type { User } from '../wire';
import type { QueuedEvent } from '../wire';
import { applyRealmUserUpdate } from './applyProfileDataEvents';
import type { InitialState } from './applyEvent';

const byId = (a: User, b: User) => a.user_id - b.user_id;

/**
 * Zulip's apply_event for `realm_user`: a new user joins `realm_users`, a
 * deactivated one moves to `realm_non_active_users`, and an update changes
 * the fields it names (a custom profile value by field ID).
 */
export function applyRealmUserEvent(state: InitialState, event: QueuedEvent): InitialState {
  const person = event.person as Partial<User> & { user_id: number };
  switch (event.op) {
    case 'add': {
      if (!state.realm_users) return state;
      // Zulip's apply_event: a human joins with no custom profile values; bots have none.
      const added = (person.is_bot ? person : { profile_data: {}, ...person }) as User;
      const others = state.realm_users.filter((user) => user.user_id !== person.user_id);
      return { ...state, realm_users: [...others, added].sort(byId) };
    }
    case 'remove': {
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
      const change = (user: User): User =>
        user.user_id === person.user_id ? { ...user, ...person } : user;
      const next = { ...state };
      if (state.realm_users) next.realm_users = state.realm_users.map(change);
      if (state.realm_non_active_users) {
        next.realm_non_active_users = state.realm_non_active_users.map(change);
      }
      if (
        person.user_id === state.user_id &&
        person.full_name !== undefined &&
        'full_name' in state
      ) {
        next.full_name = person.full_name;
      }
      return next;
    }
    default:
      return state;
  }
}
