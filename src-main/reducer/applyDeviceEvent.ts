import type { QueuedEvent } from '../wire';
import type { ClientDevice, ClientDevices } from '../wire/clientDevices';

const deviceFields = [
  'push_key_id',
  'push_token_id',
  'pending_push_token_id',
  'push_token_last_updated_timestamp',
  'push_registration_error_code',
] as const satisfies readonly (keyof ClientDevice)[];

/**
 * A `device` event (Zulip 12, feature level 468): a new device has registered
 * nothing yet; an update carries only the fields that changed.
 */
export function applyDeviceEvent(devices: ClientDevices, event: QueuedEvent): ClientDevices {
  const key = String(event.device_id);
  switch (event.op) {
    case 'add':
      return {
        ...devices,
        [key]: {
          push_key_id: null,
          push_token_id: null,
          pending_push_token_id: null,
          push_token_last_updated_timestamp: null,
          push_registration_error_code: null,
        },
      };
    case 'update': {
      const device = devices[key];
      if (!device) return devices;
      const changed = Object.fromEntries(
        deviceFields.filter((f) => f in event).map((f) => [f, event[f]]),
      );
      return { ...devices, [key]: { ...device, ...changed } };
    }
    case 'remove':
      return Object.fromEntries(Object.entries(devices).filter(([id]) => id !== key));
    default:
      return devices;
  }
}
