import type { Sql } from './sql';

/** Which service issued a legacy push token: Apple's or Google's (Zulip's APNS and FCM kinds). */
export type PushTokenKind = 'apns' | 'fcm';

/** Keeps the token as the user's, or refreshes it (and its app ID) when it is already theirs. */
export function saveLegacyPushToken(
  sql: Sql,
  token: { userId: number; kind: PushTokenKind; token: string; iosAppId: string | null },
  now: number,
): void {
  sql.run(
    `INSERT INTO push_device_tokens (user_id, kind, token, ios_app_id, last_updated)
     VALUES (:userId, :kind, :token, :iosAppId, :now)
     ON CONFLICT (user_id, kind, token)
     DO UPDATE SET ios_app_id = excluded.ios_app_id, last_updated = excluded.last_updated`,
    { ...token, now },
  );
}

/** False when the user had no such token. */
export function deleteLegacyPushToken(
  sql: Sql,
  userId: number,
  kind: PushTokenKind,
  token: string,
): boolean {
  return (
    sql.run('DELETE FROM push_device_tokens WHERE user_id = ? AND kind = ? AND token = ?', [
      userId,
      kind,
      token,
    ]).changes > 0
  );
}

/** Whether the user registered this token, of either kind. */
export function hasLegacyPushToken(sql: Sql, userId: number, token: string): boolean {
  return (
    sql.get('SELECT 1 AS found FROM push_device_tokens WHERE user_id = ? AND token = ?', [
      userId,
      token,
    ]) !== undefined
  );
}

/** The user's legacy tokens, for the one an E2EE registration replaces. */
export function legacyPushTokensOf(
  sql: Sql,
  userId: number,
): { kind: PushTokenKind; token: string }[] {
  return sql.all('SELECT kind, token FROM push_device_tokens WHERE user_id = ?', [userId]);
}
