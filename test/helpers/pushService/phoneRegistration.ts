import type { Org, TestUser } from '../org';
import { until } from '../until';
import { tokenIdOf, type StandInService } from './standInService';
import type { TestPhone } from './testPhone';

/**
 * Registers `phone` for `user`'s notifications as Zulip's mobile app does,
 * and waits until the host has the service's confirmation of its token.
 */
export async function registerPhone(
  org: Org,
  service: StandInService,
  user: TestUser,
  phone: TestPhone,
): Promise<void> {
  const device = (await org.api(user)('POST', '/register_client_device')).json.device_id;
  await org.api(user)('POST', '/mobile_push/register', {
    device_id: device,
    ...phone.keyFields(),
    ...phone.tokenFields(service.publicKey),
  });
  await until('the service has the token', () => service.devices.has(tokenIdOf(phone.token)));
  // The host notes the confirmation once the service answered.
  for (let tries = 0; tries < 100; tries++) {
    const state = await org.api(user)('POST', '/register', { fetch_event_types: ['device'] });
    if (state.json.devices[String(device)]?.push_token_id) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the device never got its token');
}
