import { idsWhoCanAccess } from './userAccess';
import { errors, type ApiError } from '../errors';
import { plainNotice } from '../events/notice';
import { renderMarkdown } from '../markdown/render';
import type { Services } from '../services';
import { isRenderable } from '../shape/profileFields';
import {
  deleteProfileFieldValue,
  profileFieldById,
  profileFieldValue,
  upsertProfileFieldValue,
  type ProfileFieldRow,
} from '../store/customProfileFields';
import { activeUserIds, Role, userById, type UserRow } from '../store/users';
import { refuseBots } from './humanUsersOnly';
import { checkProfileFieldValue, type ProfileFieldInput } from './profileFieldValue';

export interface ProfileDataUpdate {
  id: number;
  value: ProfileFieldInput;
}

interface ChangedValue {
  value: string;
  renderedValue: string | null;
}

export function fieldNotFound(id: number): ApiError {
  return errors.badRequest(`Field id ${id} not found.`);
}

// Zulip 10 (feature level 296): administrators may keep a field to themselves.
function checkEditable(user: UserRow, field: ProfileFieldRow): void {
  if (user.role > Role.admin && field.editable_by_user !== 1) {
    throw errors.badRequest(
      'You are not allowed to change this field. Contact an administrator to update it.',
    );
  }
}

/**
 * Tells everyone a user's value of a field changed; `null` when it was removed.
 * Unlike Zulip, which drops an empty rendering, a text field's rendering is
 * always sent, so that a client's profile_data matches a fresh fetch.
 */
export function notifyProfileFieldValue(
  services: Services,
  userId: number,
  fieldId: number,
  changed: ChangedValue | null,
): void {
  const field =
    changed === null
      ? { id: fieldId, value: null }
      : {
          id: fieldId,
          value: changed.value,
          ...(changed.renderedValue === null ? {} : { rendered_value: changed.renderedValue }),
        };
  services.queues.notify(
    plainNotice('realm_user', {
      op: 'update',
      person: { user_id: userId, custom_profile_field: field },
    }),
    whoCanAccess(services, userId),
  );
}

/**
 * Sets the user's own values. Every item is checked before any is written, and
 * a value that does not change is neither written nor announced.
 */
export function updateOwnProfileData(
  services: Services,
  user: UserRow,
  data: readonly ProfileDataUpdate[],
): void {
  refuseBots(user);
  const { sql } = services;
  const changes = sql.transaction(() => {
    const checked = data.map((item) => {
      const field = profileFieldById(sql, item.id);
      if (!field) throw fieldNotFound(item.id);
      checkEditable(user, field);
      return { field, value: checkProfileFieldValue(sql, field, item.value) };
    });
    const changed: { fieldId: number; value: ChangedValue }[] = [];
    for (const { field, value } of checked) {
      if (profileFieldValue(sql, user.id, field.id)?.value === value) continue;
      const renderedValue = isRenderable(field.field_type) ? renderMarkdown(value) : null;
      upsertProfileFieldValue(sql, {
        user_id: user.id,
        field_id: field.id,
        value,
        rendered_value: renderedValue,
      });
      changed.push({ fieldId: field.id, value: { value, renderedValue } });
    }
    return changed;
  });
  for (const change of changes) {
    notifyProfileFieldValue(services, user.id, change.fieldId, change.value);
  }
}

/** Removes the user's own values; a field with no value is passed over, an unknown one refused. */
export function removeOwnProfileData(
  services: Services,
  user: UserRow,
  fieldIds: readonly number[],
): void {
  refuseBots(user);
  const { sql } = services;
  const removed = sql.transaction(() => {
    for (const id of fieldIds) {
      const field = profileFieldById(sql, id);
      if (!field) throw fieldNotFound(id);
      checkEditable(user, field);
    }
    return fieldIds.filter((id) => deleteProfileFieldValue(sql, user.id, id));
  });
  for (const id of removed) notifyProfileFieldValue(services, user.id, id, null);
}

function whoCanAccess({ sql }: Services, userId: number): number[] {
  const user = userById(sql, userId);
  return user ? idsWhoCanAccess(sql, user) : activeUserIds(sql);
}
