import type { ClientDevice } from '../../wire/clientDevices';
import type { PushTokenKind } from './pushDeviceTokens';
import type { Sql } from './sql';

/** A signed-in device with what it registered for E2EE push notifications. */
export interface PushDeviceRow extends ClientDevice {
  id: number;
  user_id: number;
  /** A type byte (0x31, libsodium's secretbox) and the 32-byte key. */
  push_key: Buffer | null;
  push_token_kind: PushTokenKind | null;
}

const columns = `id, user_id, push_key, push_key_id, push_token_kind, push_token_id,
  pending_push_token_id, push_token_last_updated_timestamp, push_registration_error_code`;

export function pushDeviceOf(
  sql: Sql,
  userId: number,
  deviceId: number,
): PushDeviceRow | undefined {
  return sql.get<PushDeviceRow>(
    `SELECT ${columns} FROM client_devices WHERE id = ? AND user_id = ?`,
    [deviceId, userId],
  );
}

/** The user's devices, oldest first. */
export function pushDevicesOf(sql: Sql, userId: number): PushDeviceRow[] {
  return sql.all<PushDeviceRow>(
    `SELECT ${columns} FROM client_devices WHERE user_id = ? ORDER BY id`,
    [userId],
  );
}

export function setPushKey(sql: Sql, deviceId: number, key: Buffer, keyId: number): void {
  sql.run('UPDATE client_devices SET push_key = ?, push_key_id = ? WHERE id = ?', [
    key,
    keyId,
    deviceId,
  ]);
}

/**
 * A token on its way to the service: the one already confirmed stays, so
 * that the phone is still notified until the service has the new one.
 */
export function setPendingToken(
  sql: Sql,
  deviceId: number,
  token: { kind: PushTokenKind; id: string },
  now: number,
): void {
  sql.run(
    `UPDATE client_devices SET push_token_kind = ?, pending_push_token_id = ?,
       push_token_last_updated_timestamp = ?, push_registration_error_code = NULL
     WHERE id = ?`,
    [token.kind, token.id, now, deviceId],
  );
}

/** The service has the pending token: it becomes the device's. False when another replaced it meanwhile. */
export function confirmPendingToken(sql: Sql, deviceId: number, tokenId: string): boolean {
  return (
    sql.run(
      `UPDATE client_devices SET push_token_id = pending_push_token_id, pending_push_token_id = NULL
       WHERE id = ? AND pending_push_token_id = ?`,
      [deviceId, tokenId],
    ).changes > 0
  );
}

/** The service refused the pending token, in Zulip's code for why. */
export function setRegistrationError(
  sql: Sql,
  deviceId: number,
  tokenId: string,
  code: string,
): boolean {
  return (
    sql.run(
      `UPDATE client_devices SET push_registration_error_code = ?
       WHERE id = ? AND pending_push_token_id = ?`,
      [code, deviceId, tokenId],
    ).changes > 0
  );
}

/** A registration the host owes the service. */
export interface PushForward {
  device_id: number;
  user_id: number;
  token_id: string;
  bouncer_public_key: string;
  encrypted_push_registration: string;
  failed_tries: number;
}

/** Owes the service the device's registration, replacing one not yet sent. */
export function queueForward(
  sql: Sql,
  forward: Pick<
    PushForward,
    'device_id' | 'token_id' | 'bouncer_public_key' | 'encrypted_push_registration'
  >,
  now: number,
): void {
  sql.run(
    `INSERT OR REPLACE INTO push_forwards
       (device_id, token_id, bouncer_public_key, encrypted_push_registration, failed_tries, owed_at)
     VALUES (:device_id, :token_id, :bouncer_public_key, :encrypted_push_registration, 0, :now)`,
    { ...forward, now },
  );
}

/** What is owed, in turn: the fewest tries first, then the order it was owed in. */
export function owedForwards(sql: Sql): PushForward[] {
  return sql.all<PushForward>(
    `SELECT f.device_id, d.user_id, f.token_id, f.bouncer_public_key,
       f.encrypted_push_registration, f.failed_tries
     FROM push_forwards f JOIN client_devices d ON d.id = f.device_id
     ORDER BY f.failed_tries, f.owed_at, f.device_id`,
  );
}

/** Done with the forward of this token: sent, refused or given up. */
export function dropForward(sql: Sql, deviceId: number, tokenId: string): void {
  sql.run('DELETE FROM push_forwards WHERE device_id = ? AND token_id = ?', [deviceId, tokenId]);
}

/** One more try failed: the forward goes behind the others. */
export function retryForward(sql: Sql, deviceId: number, tokenId: string): void {
  sql.run(
    'UPDATE push_forwards SET failed_tries = failed_tries + 1 WHERE device_id = ? AND token_id = ?',
    [deviceId, tokenId],
  );
}

/** The service reports the token dead (the phone's app was removed, say): no more notifications to it. */
export function forgetPushToken(sql: Sql, deviceId: number, tokenId: string): boolean {
  return (
    sql.run('UPDATE client_devices SET push_token_id = NULL WHERE id = ? AND push_token_id = ?', [
      deviceId,
      tokenId,
    ]).changes > 0
  );
}

/** Who has a phone the service can reach: nobody else is ever considered for a notification. */
export function usersWithPushTokens(sql: Sql): ReadonlySet<number> {
  return sql.rememberFrom('client_devices', 'usersWithPushTokens', () => {
    const rows = sql.all<{ user_id: number }>(
      'SELECT DISTINCT user_id FROM client_devices WHERE push_token_id IS NOT NULL',
    );
    return new Set(rows.map((row) => row.user_id));
  });
}
