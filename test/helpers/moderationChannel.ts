import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Org } from './org';

/**
 * Makes `streamId` the organization's moderation request channel, in the
 * realm column Zulip 10's moderation_request_channel_id (feature level 331)
 * is stored in, adding it to a database whose migrations do not have it yet.
 */
export function setModerationRequestChannel(org: Org, streamId: number | null): void {
  const db = new Database(join(org.dataDir, 'hearth.sqlite3'));
  try {
    const columns = db.prepare('SELECT name FROM pragma_table_info(?)').all('realm') as {
      name: string;
    }[];
    if (!columns.some((column) => column.name === 'moderation_request_channel_id')) {
      db.exec('ALTER TABLE realm ADD COLUMN moderation_request_channel_id INTEGER');
    }
    db.prepare('UPDATE realm SET moderation_request_channel_id = ? WHERE id = 1').run(streamId);
  } finally {
    db.close();
  }
}
