import { accessStreamById } from '../queries/streamAccess';
import type { Sql } from '../store/sql';
import type { UserRow } from '../store/users';
import { accessBotById } from './botAccess';
import { checkMayPost } from './sendPermissions';

/**
 * Zulip's GET /streams/{stream_id}/email_address (Zulip 8.0, feature level
 * 226) on a server without the email gateway: the checks all run, and the
 * address is the empty string, as Zulip's encode_email_address_helper gives
 * when EMAIL_GATEWAY_PATTERN is unset. Since Zulip 12 (feature level 448)
 * only those who may post in the channel get it; since Zulip 10 (feature
 * level 335) `sender_id` names who would appear to send: the caller or a bot
 * they administer (Hearth has no Email Gateway bot, Zulip's default).
 */
export function channelEmailAddress(
  sql: Sql,
  user: UserRow,
  streamId: number,
  senderId: number | undefined,
): string {
  const stream = accessStreamById(sql, user, streamId);
  checkMayPost(sql, user, stream);
  if (senderId !== undefined && senderId !== user.id) accessBotById(sql, user, senderId);
  return '';
}
