import type { CustomProfileField, ProfileData, User } from '../wire';
import type { QueuedEvent } from '../wire';
import type { InitialState } from '../wire/registerState';

interface ProfileFieldChange {
  id: number;
  value: string | null;
  rendered_value?: string;
}

function mapUsers(state: InitialState, change: (user: User) => User): InitialState {
  const next = { ...state };
  if (state.realm_users) next.realm_users = state.realm_users.map(change);
  if (state.realm_non_active_users) {
    next.realm_non_active_users = state.realm_non_active_users.map(change);
  }
  return next;
}

function withProfileData(user: User, change: (data: ProfileData) => ProfileData): User {
  return user.profile_data ? { ...user, profile_data: change(user.profile_data) } : user;
}

/** As Zulip's apply_event: the new list, and no user keeps a value of a deleted field. */
export function applyCustomProfileFieldsEvent(
  state: InitialState,
  event: QueuedEvent,
): InitialState {
  const fields = event.fields as CustomProfileField[];
  const kept = new Set(fields.map((field) => String(field.id)));
  return mapUsers({ ...state, custom_profile_fields: fields }, (user) =>
    withProfileData(user, (data) =>
      Object.fromEntries(Object.entries(data).filter(([id]) => kept.has(id))),
    ),
  );
}

/** A realm_user update; of its kinds Hearth sends only a changed custom profile field. */
export function applyRealmUserUpdate(state: InitialState, event: QueuedEvent): InitialState {
  const person = event.person as { user_id: number; custom_profile_field?: ProfileFieldChange };
  const field = person.custom_profile_field;
  if (!field) return state;
  const key = String(field.id);
  return mapUsers(state, (user) => {
    if (user.user_id !== person.user_id) return user;
    return withProfileData(user, (data) => {
      const others = Object.fromEntries(Object.entries(data).filter(([id]) => id !== key));
      if (field.value === null) return others;
      const value =
        field.rendered_value === undefined
          ? { value: field.value }
          : { value: field.value, rendered_value: field.rendered_value };
      return { ...others, [key]: value };
    });
  });
}
