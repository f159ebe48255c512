import type { SecretStore } from '../certificates/secretStore';
import type { Clock } from '../clock';
import { plainNotice } from '../events/notice';
import type { EventQueues } from '../events/queues';
import {
  confirmPendingToken,
  dropForward,
  owedForwards,
  pushDevicesOf,
  retryForward,
  setRegistrationError,
  type PushDeviceRow,
  type PushForward,
} from '../store/pushDevices';
import {
  notePushServiceAnswered,
  notePushServiceRefusal,
  notePushServiceUnreachable,
  pushServiceRow,
} from '../store/pushService';
import { deleteLegacyPushToken, legacyPushTokensOf } from '../store/pushDeviceTokens';
import {
  dropOwedPush,
  isPushActive,
  markPushActive,
  nextOwedPush,
  retryOwedPush,
  type OwedPush,
} from '../store/pushNotifications';
import { getRealm } from '../store/realm';
import type { Sql } from '../store/sql';
import { isDiskFull } from '../store/storageFaults';
import { notifyDevices, type NotifyOutcome, type Urgency } from './deviceNotifications';
import { messagePayload, removePayload } from './messagePayloads';
import { callService, type ServiceAnswer } from './serviceClient';
import { tokenIdOf } from './tokenId';
import { keptIdentity } from './serviceIdentity';

/** What the rest of the host asks of the push service's courier. */
export interface PushDeliveryPort {
  /** Something is owed to the service: send it soon, without the caller waiting. */
  wake(): void;
  /**
   * Sends `payload` to the devices now, for a caller that waits on the
   * answer (a test notification); null when the host is not registered.
   */
  sendNow(
    devices: readonly PushDeviceRow[],
    payload: unknown,
    urgency: Urgency,
  ): Promise<NotifyOutcome | null>;
}

// Zulip 12.0's zerver/lib/queue.py retry_event: a call the service did not
// answer is queued again at once (behind what else is owed), and dropped
// after MAX_REQUEST_RETRIES (3) more tries.
export const MAX_REQUEST_RETRIES = 3;

// The service's refusals of a device's registration that are the phone's to
// mend (Zulip's InvalidBouncerPublicKeyError, InvalidEncryptedPushRegistrationError
// and RequestExpiredError): the device hears the code, and nothing is retried.
const deviceRefusals = new Set(['INVALID_BOUNCER_PUBLIC_KEY', 'BAD_REQUEST', 'REQUEST_EXPIRED']);

type ServiceParts = Omit<Parameters<typeof notifyDevices>[0], 'signal'>;

/**
 * Sends what the host owes Zulip's push service, one call at a time, from
 * the tables that keep it: a restart finds what was not yet sent.
 */
export class PushDelivery implements PushDeliveryPort {
  #running: Promise<void> | null = null;
  #again = false;
  readonly #stopping = new AbortController();

  constructor(
    private readonly parts: {
      sql: Sql;
      queues: EventQueues;
      secrets: SecretStore;
      clock: Clock;
      /** The organization's URL, as payloads name it. */
      realmUri: () => string;
      /** The host's log: what the service said, never a key, a token or a message. */
      log: (line: string) => void;
    },
  ) {}

  get #stopped(): boolean {
    return this.#stopping.signal.aborted;
  }

  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#drain()
      .catch((error: unknown) => {
        // What is owed stays in the database. The next message saved wakes
        // another round, and a full disk saves none until it has room again.
        if (!isDiskFull(error)) throw error;
        this.parts.log('push notifications wait: the disk is full');
      })
      .finally(() => {
        this.#running = null;
        if (this.#again) {
          this.#again = false;
          this.wake();
        }
      });
  }

  /** Stops sending; what is owed stays in the database for the next start. */
  async stop(): Promise<void> {
    this.#stopping.abort();
    await this.#running;
  }

  async sendNow(
    devices: readonly PushDeviceRow[],
    payload: unknown,
    urgency: Urgency,
  ): Promise<NotifyOutcome | null> {
    const parts = await this.#serviceParts();
    if (!parts) return null;
    const outcome = await notifyDevices(parts, devices, payload, urgency);
    this.#noteOutcome(outcome);
    return outcome;
  }

  /** Where to reach the service and as whom; null until the host has registered. */
  async #serviceParts(): Promise<ServiceParts | null> {
    const { sql, queues, secrets } = this.parts;
    const service = pushServiceRow(sql);
    const identity = await keptIdentity(secrets);
    const realmUuid = getRealm(sql)?.uuid;
    if (!service || !identity || !realmUuid) return null;
    return { sql, queues, url: service.url, identity, realmUuid };
  }

  #noteOutcome(outcome: NotifyOutcome | ServiceAnswer): void {
    const { sql, clock, log } = this.parts;
    // Logged as the service's state changes, not at every call of an outage.
    const before = pushServiceRow(sql);
    if (outcome.kind === 'unreachable') {
      if (before?.unreachable_since === null)
        log(`the push service does not answer: ${outcome.why}`);
      notePushServiceUnreachable(sql, Math.floor(clock.now() / 1000));
    } else if (outcome.kind === 'refused') {
      if (before?.refusal !== outcome.msg) {
        log(`the push service refuses: ${outcome.msg} (${outcome.code})`);
      }
      notePushServiceRefusal(sql, outcome.msg);
    } else {
      notePushServiceAnswered(sql);
    }
  }

  /** Registrations first (a phone's notifications wait on its token), then notifications, oldest first. */
  async #drain(): Promise<void> {
    const { sql } = this.parts;
    // Read once a round: in the app, the ID and key come from the keychain
    // through main. A registration made meanwhile wakes another round.
    const service = await this.#serviceParts();
    if (!service) return;
    for (;;) {
      if (this.#stopped) return;
      const [forward] = owedForwards(sql);
      if (forward) {
        const answer = await callService(service.url, {
          path: 'push/e2ee/register',
          identity: service.identity,
          signal: this.#stopping.signal,
          form: {
            realm_uuid: service.realmUuid,
            token_id: forward.token_id,
            bouncer_public_key: forward.bouncer_public_key,
            encrypted_push_registration: forward.encrypted_push_registration,
          },
        });
        if (this.#stopped && answer.kind === 'unreachable') return;
        this.#settle(forward, answer);
        continue;
      }
      const push = nextOwedPush(sql);
      if (!push) return;
      await this.#sendOwed(service, push);
    }
  }

  /** One owed notification, sent or given up; what a stop interrupts stays owed. */
  async #sendOwed(service: ServiceParts, push: OwedPush): Promise<void> {
    const { sql } = this.parts;
    const base = {
      realm_url: this.parts.realmUri(),
      realm_name: getRealm(sql)?.name ?? '',
      user_id: push.user_id,
    };
    const devices = pushDevicesOf(sql, push.user_id).filter(
      (device) => device.push_token_id !== null,
    );
    const payload =
      push.kind === 'remove'
        ? removePayload(base, push.message_ids)
        : isPushActive(sql, push.user_id, push.message_id)
          ? null
          : messagePayload(sql, base, push.message_id, push.mentioned_user_group_id);
    if (devices.length === 0 || payload === null) {
      dropOwedPush(sql, push.id);
      return;
    }
    const outcome = await notifyDevices(
      { ...service, signal: this.#stopping.signal },
      devices,
      payload,
      push.kind === 'remove' ? 'quiet' : 'alert',
    );
    if (this.#stopped && outcome.kind === 'unreachable') return;
    this.#noteOutcome(outcome);
    sql.transaction(() => {
      if (outcome.kind === 'unreachable' && push.failed_tries < MAX_REQUEST_RETRIES) {
        retryOwedPush(sql, push.id);
        return;
      }
      // A refusal is not retried: as Zulip, the service said why, and the
      // Hosting page says it on.
      dropOwedPush(sql, push.id);
      if (outcome.kind === 'sent' && push.kind === 'message') {
        markPushActive(sql, push.user_id, push.message_id);
      }
    });
  }

  #settle(forward: PushForward, answer: ServiceAnswer): void {
    const { sql } = this.parts;
    const { device_id: deviceId, token_id: tokenId } = forward;
    const update = (change: Record<string, unknown>) =>
      this.parts.queues.notify(
        plainNotice('device', { op: 'update', device_id: deviceId, ...change }),
        [forward.user_id],
      );
    if (answer.kind === 'refused' && deviceRefusals.has(answer.code)) {
      notePushServiceAnswered(sql);
      const noted = sql.transaction(() => {
        dropForward(sql, deviceId, tokenId);
        return setRegistrationError(sql, deviceId, tokenId, answer.code);
      });
      if (noted) update({ push_registration_error_code: answer.code });
      return;
    }
    this.#noteOutcome(answer);
    if (answer.kind === 'answered') {
      const confirmed = sql.transaction(() => {
        dropForward(sql, deviceId, tokenId);
        // Zulip 12 (feature level 483): the token's legacy registration, if
        // the phone had one, gives way to the encrypted one.
        for (const legacy of legacyPushTokensOf(sql, forward.user_id)) {
          if (tokenIdOf(legacy.token) === tokenId) {
            deleteLegacyPushToken(sql, forward.user_id, legacy.kind, legacy.token);
          }
        }
        return confirmPendingToken(sql, deviceId, tokenId);
      });
      if (confirmed) update({ push_token_id: tokenId, pending_push_token_id: null });
      return;
    }
    // As Zulip's worker: the device stays pending once the tries run out,
    // and the phone registers again when it next starts.
    if (forward.failed_tries >= MAX_REQUEST_RETRIES) dropForward(sql, deviceId, tokenId);
    else retryForward(sql, deviceId, tokenId);
  }
}
