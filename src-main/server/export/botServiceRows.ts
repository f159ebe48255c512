import type { BotServiceRow } from '../store/botServices';
import type { ExportSource } from './exportSource';
import type { ZerverRow } from './zerverRow';

/**
 * zerver_service: each outgoing-webhook bot's URL and interface. Zulip's
 * importer maps the bot to its new ID and gives every service a new token.
 */
export function botServiceRows(source: ExportSource): ZerverRow[] {
  return source.all<BotServiceRow>('SELECT * FROM bot_services ORDER BY id').map((row) => ({
    id: row.id,
    user_profile: row.bot_id,
    name: row.name,
    base_url: row.base_url,
    token: row.token,
    interface: row.interface,
  }));
}
