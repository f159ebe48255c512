import type { ExportType } from '../store/realmExports';
import { RecipientType } from '../store/recipients';
import type { ExportSource } from './exportSource';

/** Whose private data an export holds: everyone's, nobody's, or the consenting people's. */
export interface ExportScope {
  everyone: boolean;
  /** Direct messages, private channels' messages, flags, mutes, settings, snippets of this person. */
  holdsPrivateDataOf(userId: number): boolean;
}

export const fullScope: ExportScope = { everyone: true, holdsPrivateDataOf: () => true };

/**
 * Zulip's exportable users: nobody in a public export, the people who set
 * allow_private_data_export in one with consent.
 */
export function scopeOf(type: ExportType, consenting: ReadonlySet<number>): ExportScope {
  if (type === 'full_without_consent') return fullScope;
  const holders = type === 'public' ? new Set<number>() : consenting;
  return { everyone: false, holdsPrivateDataOf: (userId) => holders.has(userId) };
}

/** The channels and conversations an export keeps, as recipient IDs and what they name. */
export interface ExportedConversations {
  streamIds: ReadonlySet<number>;
  huddleIds: ReadonlySet<number>;
  recipientIds: ReadonlySet<number>;
  /** Recipients of public channels, whose messages go in whoever received them. */
  publicRecipientIds: ReadonlySet<number>;
}

// A one-to-one conversation's group (or a note to self's) holds no message:
// they keep their personal recipients, which the importer reads.
const isOneToOneGroup = (key: string | null) => key !== null && key.split(',').length <= 2;

/**
 * Public channels always; a private channel only where someone whose private
 * data goes in was ever subscribed; a group conversation only where one of
 * its members is such a person. Everyone's own recipient stays: the
 * importer maps direct messages and subscriptions by it.
 */
export function exportedConversations(
  source: ExportSource,
  scope: ExportScope,
): ExportedConversations {
  const subscribers = new Map<number, number[]>();
  for (const row of source.all<{ user_id: number; recipient_id: number }>(
    'SELECT user_id, recipient_id FROM subscriptions',
  )) {
    subscribers.set(row.recipient_id, [...(subscribers.get(row.recipient_id) ?? []), row.user_id]);
  }
  const anyHolder = (recipientId: number) =>
    scope.everyone || (subscribers.get(recipientId) ?? []).some(scope.holdsPrivateDataOf);
  const systemBotIds = new Set(
    source.all<{ id: number }>('SELECT id FROM users WHERE is_system_bot = 1').map((row) => row.id),
  );
  const streamIds = new Set<number>();
  const huddleIds = new Set<number>();
  const recipientIds = new Set<number>();
  const publicRecipientIds = new Set<number>();
  for (const row of source.all<{
    id: number;
    type: number;
    type_id: number;
    invite_only: number | null;
    user_ids_key: string | null;
  }>(
    `SELECT r.id, r.type, r.type_id, s.invite_only, h.user_ids_key FROM recipients r
     LEFT JOIN streams s ON r.type = ${RecipientType.stream} AND s.id = r.type_id
     LEFT JOIN huddles h ON r.type = ${RecipientType.huddle} AND h.id = r.type_id`,
  )) {
    if (row.type === RecipientType.stream) {
      const isPublic = row.invite_only === 0;
      if (!isPublic && !anyHolder(row.id)) continue;
      if (isPublic) publicRecipientIds.add(row.id);
      streamIds.add(row.type_id);
    } else if (row.type === RecipientType.huddle) {
      if (!anyHolder(row.id) || isOneToOneGroup(row.user_ids_key)) continue;
      huddleIds.add(row.type_id);
    } else if (systemBotIds.has(row.type_id)) {
      // Zulip's importer finds the system bots' recipients by zerver_userprofile_crossrealm.
      continue;
    }
    recipientIds.add(row.id);
  }
  return { streamIds, huddleIds, recipientIds, publicRecipientIds };
}

/** What one export holds: whose private data, and which conversations. */
export interface ExportSelection {
  scope: ExportScope;
  conversations: ExportedConversations;
}
