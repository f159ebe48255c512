import { z } from 'zod';
import { registerClientDevice, removeClientDevice } from '../../actions/clientDevices';
import {
  addLegacyPushToken,
  registerPushDevice,
  removeLegacyPushToken,
  sendE2eeTestNotification,
  sendLegacyTestNotification,
} from '../../actions/pushRegistration';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

// Zulip 12's mobile push API (feature levels 217, 223, 406, 420, 432, 468
// and 470), as a server not registered with Zulip's push service answers it.

const deviceId = () => z.number().int().nonnegative();

export const registerClientDeviceEndpoint = userEndpoint({
  method: 'POST',
  path: '/register_client_device',
  params: {},
  handle: ({ services, user }) => ({ device_id: registerClientDevice(services, user) }),
});

export const removeClientDeviceEndpoint = userEndpoint({
  method: 'POST',
  path: '/remove_client_device',
  params: { device_id: required('json', deviceId()) },
  handle: ({ services, user, params }) => {
    removeClientDevice(services, user, params.device_id);
    return {};
  },
});

export const registerPushDeviceEndpoint = userEndpoint({
  method: 'POST',
  path: '/mobile_push/register',
  params: {
    device_id: required('json', deviceId()),
    push_key_id: optional('json', z.number().int().nonnegative().max(0xffff_ffff)),
    push_key: optional('text', z.string()),
    token_kind: optional('text', z.enum(['fcm', 'apns'])),
    token_id: optional('text', z.string()),
    bouncer_public_key: optional('text', z.string()),
    encrypted_push_registration: optional('text', z.string()),
  },
  handle: ({ user }) => registerPushDevice(user),
});

export const e2eeTestNotificationEndpoint = userEndpoint({
  method: 'POST',
  path: '/mobile_push/e2ee/test_notification',
  params: { device_id: optional('json', deviceId()) },
  handle: ({ user }) => sendE2eeTestNotification(user),
});

export const testNotificationEndpoint = userEndpoint({
  method: 'POST',
  path: '/mobile_push/test_notification',
  params: { token: optional('text', z.string()) },
  handle: ({ services, user, params }) => {
    sendLegacyTestNotification(services, user, params.token);
    return {};
  },
});

// Zulip's ApnsAppId: a bundle ID's characters only; required since feature level 223.
const appId = z.string().regex(/^[.a-zA-Z0-9-]+$/, 'not a valid app ID');
const token = { token: required('text', z.string()) };

export const addApnsTokenEndpoint = userEndpoint({
  method: 'POST',
  path: '/users/me/apns_device_token',
  params: { ...token, appid: required('text', appId) },
  handle: ({ services, user, params }) => {
    addLegacyPushToken(services, user, 'apns', params.token, params.appid);
    return {};
  },
});

export const removeApnsTokenEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/users/me/apns_device_token',
  params: token,
  handle: ({ services, user, params }) => {
    removeLegacyPushToken(services, user, 'apns', params.token);
    return {};
  },
});

export const addFcmTokenEndpoint = userEndpoint({
  method: 'POST',
  path: '/users/me/android_gcm_reg_id',
  params: token,
  handle: ({ services, user, params }) => {
    addLegacyPushToken(services, user, 'fcm', params.token, null);
    return {};
  },
});

export const removeFcmTokenEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/users/me/android_gcm_reg_id',
  params: token,
  handle: ({ services, user, params }) => {
    removeLegacyPushToken(services, user, 'fcm', params.token);
    return {};
  },
});
