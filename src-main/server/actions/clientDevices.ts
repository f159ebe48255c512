import type { ClientDevices } from '../../wire/clientDevices';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { deleteClientDevice, insertClientDevice } from '../store/clientDevices';
import { pushDevicesOf } from '../store/pushDevices';
import type { Sql } from '../store/sql';
import type { UserRow } from '../store/users';

/** Register's `devices`: the user's own, by ID, with what each registered for push notifications. */
export function clientDevicesState(sql: Sql, userId: number): ClientDevices {
  return Object.fromEntries(
    pushDevicesOf(sql, userId).map((device) => [
      String(device.id),
      {
        push_key_id: device.push_key_id,
        push_token_id: device.push_token_id,
        pending_push_token_id: device.pending_push_token_id,
        push_token_last_updated_timestamp: device.push_token_last_updated_timestamp,
        push_registration_error_code: device.push_registration_error_code,
      },
    ]),
  );
}

const announce = (services: Services, user: UserRow, event: Record<string, unknown>) =>
  services.queues.notify(plainNotice('device', event), [user.id]);

/** Zulip's register_device: a signed-in phone's first step towards push notifications. */
export function registerClientDevice(services: Services, user: UserRow): number {
  const id = insertClientDevice(services.sql, user.id, Math.floor(Date.now() / 1000));
  announce(services, user, { op: 'add', device_id: id });
  return id;
}

/** Zulip's remove_client_device, as a phone signs out: only the user's own device. */
export function removeClientDevice(services: Services, user: UserRow, deviceId: number): void {
  if (!deleteClientDevice(services.sql, user.id, deviceId)) {
    throw errors.badRequest('Invalid device ID');
  }
  announce(services, user, { op: 'remove', device_id: deviceId });
}
