import type { QueuedEvent } from '../wire';
import { unregisteredDevice, type ClientDevice, type ClientDevices } from '../wire/clientDevices';

// The fields an update may carry: every field a device has.
const deviceFields = Object.keys(unregisteredDevice) as (keyof ClientDevice)[];

/**
 * A `device` event (Zulip 12, feature level 468): a new device has registered
 * nothing yet; an update carries only the fields that changed.
 */
export function applyDeviceEvent(devices: ClientDevices, event: QueuedEvent): ClientDevices {
  const key = String(event.device_id);
  switch (event.op) {
    case 'add':
      return { ...devices, [key]: unregisteredDevice };
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
