import { ApiError } from '../errors';
import type { Services } from '../services';
import { getRealm } from '../store/realm';
import { pushDevicesOf } from '../store/pushDevices';
import type { UserRow } from '../store/users';
import { refuseBots } from './humanUsersOnly';

const noActiveDevice = () =>
  new ApiError('No active registered push device', 'NO_ACTIVE_PUSH_DEVICE');

/**
 * Zulip 12.0's send_e2ee_test_push_notification_api: a `test` payload to the
 * named device, or to each of the user's devices the service has a token
 * for. The caller waits on the service, and hears its failure in Zulip's
 * words.
 */
export function sendE2eeTestNotification(
  services: Services,
  user: UserRow,
  deviceId: number | undefined,
): Promise<void> {
  refuseBots(user);
  const devices = pushDevicesOf(services.sql, user.id).filter(
    (device) => device.push_token_id !== null && (deviceId === undefined || device.id === deviceId),
  );
  if (devices.length === 0) throw noActiveDevice();
  const payload = {
    realm_url: services.realmUri(),
    realm_name: getRealm(services.sql)?.name ?? '',
    user_id: user.id,
    type: 'test',
    time: Math.floor(services.clock.now() / 1000),
  };
  return services.pushDelivery.sendNow(devices, payload, 'alert').then((outcome) => {
    if (outcome === null) throw noActiveDevice();
    switch (outcome.kind) {
      case 'sent':
        if (outcome.devices === 0) throw noActiveDevice();
        return;
      case 'unreachable':
        throw outcome.status === undefined
          ? new ApiError(
              'Network error while connecting to Zulip push notification service.',
              'FAILED_TO_CONNECT_BOUNCER',
              502,
            )
          : new ApiError(
              'Internal server error on Zulip push notification service, retry later.',
              'INTERNAL_SERVER_ERROR_ON_BOUNCER',
              502,
            );
      case 'refused':
        throw new ApiError(
          'Push notification configuration issue on server, contact the server administrator or retry later.',
          'ADMIN_ACTION_REQUIRED',
          403,
        );
    }
  });
}
