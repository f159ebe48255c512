import type { Sql } from './sql';

/** The host's registration with Zulip's push service, as the Hosting page reports it. */
export interface PushServiceRow {
  url: string;
  contact_email: string;
  /** When the service last accepted the registration; null until it has. */
  registered_at: number | null;
  /** Since when the service has not answered; null while it answers. */
  unreachable_since: number | null;
  /** The service's words when it last said no; null when it did not. */
  refusal: string | null;
  /** Whether the service last said it pushes for the organization. */
  can_push: number;
}

export function pushServiceRow(sql: Sql): PushServiceRow | undefined {
  return sql.get<PushServiceRow>(
    'SELECT url, contact_email, registered_at, unreachable_since, refusal, can_push FROM push_service WHERE id = 1',
  );
}

/** Where the service is and who it may write to; what it said of an earlier address is forgotten. */
export function setPushServiceAddress(sql: Sql, url: string, contactEmail: string): void {
  sql.run(
    `INSERT INTO push_service (id, url, contact_email) VALUES (1, :url, :contactEmail)
     ON CONFLICT (id) DO UPDATE SET
       registered_at = CASE WHEN url = excluded.url THEN registered_at END,
       url = excluded.url, contact_email = excluded.contact_email,
       unreachable_since = NULL, refusal = NULL`,
    { url, contactEmail },
  );
}

export function notePushServiceRegistered(sql: Sql, now: number): void {
  sql.run(
    'UPDATE push_service SET registered_at = ?, unreachable_since = NULL, refusal = NULL WHERE id = 1',
    [now],
  );
}

/** The service answered (whatever it said of the call): it is reachable again. */
export function notePushServiceAnswered(sql: Sql): void {
  sql.run('UPDATE push_service SET unreachable_since = NULL WHERE id = 1');
}

/** Keeps the first time of a run of failures, so the page can say "since". */
export function notePushServiceUnreachable(sql: Sql, now: number): void {
  sql.run(
    'UPDATE push_service SET unreachable_since = COALESCE(unreachable_since, ?) WHERE id = 1',
    [now],
  );
}

export function notePushServiceRefusal(sql: Sql, refusal: string): void {
  sql.run('UPDATE push_service SET refusal = ?, unreachable_since = NULL WHERE id = 1', [refusal]);
}

/** Zulip's Realm.push_notifications_enabled: whether phones are notified at all. */
export function pushNotificationsEnabled(sql: Sql): boolean {
  return (
    sql.get<{ can_push: number }>('SELECT can_push FROM push_service WHERE id = 1')?.can_push === 1
  );
}

/** Notes what the service said of pushing for the organization; true when that changed. */
export function setPushNotificationsEnabled(sql: Sql, enabled: boolean): boolean {
  return (
    sql.run('UPDATE push_service SET can_push = ? WHERE id = 1 AND can_push != ?', [
      enabled ? 1 : 0,
      enabled ? 1 : 0,
    ]).changes > 0
  );
}
