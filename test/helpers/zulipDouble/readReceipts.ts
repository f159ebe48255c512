import type { Context } from './context';
import { badRequest, invalidMessage } from './errors';

/**
 * GET /messages/{id}/read_receipts: who has the read flag on a message the
 * user may read, but its sender, deactivated users, those whose
 * send_read_receipts is off, and those muting the user or muted by them;
 * refused while the organization's enable_read_receipts is off.
 */
export function readReceipts(context: Context, userId: number, messageId: number) {
  const { org } = context;
  const message = org.messages.get(messageId);
  if (!message || !org.canSee(userId, message)) throw invalidMessage();
  if (org.realm.realm_enable_read_receipts !== true) {
    throw badRequest('Read receipts are disabled in this organization.');
  }
  const mutes = (muter: number, muted: number) =>
    (org.mutedUsers.get(muter) ?? []).some((mute) => mute.id === muted);
  const readers = [...(org.flags.get(messageId) ?? [])]
    .filter(([readerId, flags]) => flags.has('read') && readerId !== message.senderId)
    .map(([readerId]) => readerId)
    .filter(
      (readerId) =>
        org.isActive(readerId) &&
        org.settingsOf(readerId).send_read_receipts !== false &&
        !mutes(readerId, userId) &&
        !mutes(userId, readerId),
    );
  return { user_ids: readers.sort((a, b) => a - b) };
}
