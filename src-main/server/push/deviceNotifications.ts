import { z } from 'zod';
import { plainNotice } from '../events/notice';
import type { EventQueues } from '../events/queues';
import { forgetPushToken, type PushDeviceRow } from '../store/pushDevices';
import type { Sql } from '../store/sql';
import { encryptPayload } from './payloadCipher';
import { notePushAllowed } from './pushAllowed';
import { callService, type ServiceAnswer, type ServiceIdentity } from './serviceClient';

/** A message or a test wakes the phone; a remove is quiet (Zulip 12.0's send_push_notifications). */
export type Urgency = 'alert' | 'quiet';

/** One device's request in the body of Zulip's push/e2ee/notify. */
function pushRequest(
  device: PushDeviceRow & { push_token_id: string },
  encrypted: string,
  urgency: Urgency,
) {
  const payload = { push_key_id: device.push_key_id, encrypted_data: encrypted };
  if (device.push_token_kind === 'apns') {
    return {
      token_id: device.push_token_id,
      http_headers: {
        apns_priority: urgency === 'alert' ? 10 : 5,
        apns_push_type: urgency === 'alert' ? 'alert' : 'background',
      },
      // The one line of plain text APNs requires, the same for every
      // notification: the phone decrypts the rest.
      payload: { ...payload, aps: { 'mutable-content': 1, alert: { title: 'New notification' } } },
    };
  }
  return {
    token_id: device.push_token_id,
    fcm_priority: urgency === 'alert' ? 'high' : 'normal',
    payload,
  };
}

const notifyAnswer = z.object({ delete_token_ids: z.array(z.string()).optional() });

/** Whether the devices' notification went through the service. */
export type NotifyOutcome =
  { kind: 'sent'; devices: number } | Exclude<ServiceAnswer, { kind: 'answered' }>;

/**
 * Encrypts `payload` for each device with its own key and hands them to
 * the service in one call. Tokens the service reports dead are forgotten,
 * and their phones told, as Zulip does.
 */
export async function notifyDevices(
  parts: {
    sql: Sql;
    queues: EventQueues;
    url: string;
    identity: ServiceIdentity;
    realmUuid: string;
    /** Gives the call up (the host is stopping). */
    signal?: AbortSignal;
  },
  devices: readonly PushDeviceRow[],
  payload: unknown,
  urgency: Urgency,
): Promise<NotifyOutcome> {
  const reachable = devices.filter(
    (device): device is PushDeviceRow & { push_token_id: string; push_key: Buffer } =>
      device.push_token_id !== null && device.push_key !== null,
  );
  const requests = await Promise.all(
    reachable.map(async (device) =>
      pushRequest(device, await encryptPayload(device.push_key, payload), urgency),
    ),
  );
  const answer = await callService(parts.url, {
    path: 'push/e2ee/notify',
    identity: parts.identity,
    json: { realm_uuid: parts.realmUuid, push_requests: requests },
    ...(parts.signal ? { signal: parts.signal } : {}),
  });
  if (answer.kind !== 'answered') return answer;
  notePushAllowed(parts.sql, parts.queues, answer.body.realm_push_status);
  const dead = new Set(notifyAnswer.safeParse(answer.body).data?.delete_token_ids ?? []);
  for (const device of reachable) {
    if (!dead.has(device.push_token_id)) continue;
    if (forgetPushToken(parts.sql, device.id, device.push_token_id)) {
      parts.queues.notify(
        plainNotice('device', { op: 'update', device_id: device.id, push_token_id: null }),
        [device.user_id],
      );
    }
  }
  return { kind: 'sent', devices: reachable.length - dead.size };
}
