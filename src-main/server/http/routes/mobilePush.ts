import { z } from 'zod';
import { registerClientDevice, removeClientDevice } from '../../actions/clientDevices';
import { registerPushDevice } from '../../actions/e2eePushRegistration';
import { sendE2eeTestNotification } from '../../actions/e2eeTestNotification';
import { answerAfter } from '../answerAfter';
import {
  addLegacyPushToken,
  removeLegacyPushToken,
  sendLegacyTestNotification,
} from '../../actions/pushRegistration';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

// Zulip 12's mobile push API (feature levels 217, 223, 406, 420, 432, 468
// and 470).

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
  // Each group counts only when whole, as Zulip reads them.
  handle: ({ services, user, params }) => {
    const { push_key, push_key_id, token_kind, token_id } = params;
    const { bouncer_public_key, encrypted_push_registration } = params;
    registerPushDevice(services, user, {
      device_id: params.device_id,
      key: push_key !== undefined && push_key_id !== undefined ? { push_key, push_key_id } : null,
      token:
        token_kind !== undefined &&
        token_id !== undefined &&
        bouncer_public_key !== undefined &&
        encrypted_push_registration !== undefined
          ? { token_kind, token_id, bouncer_public_key, encrypted_push_registration }
          : null,
    });
    return {};
  },
});

export const e2eeTestNotificationEndpoint = userEndpoint({
  method: 'POST',
  path: '/mobile_push/e2ee/test_notification',
  params: { device_id: optional('json', deviceId()) },
  handle: ({ services, user, params }) =>
    answerAfter(sendE2eeTestNotification(services, user, params.device_id), () => ({})),
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
