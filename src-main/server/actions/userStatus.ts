import { idsWhoCanAccess } from './userAccess';
import { MAX_STATUS_TEXT_LENGTH } from '../../wire';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { clientIdFor } from '../store/clients';
import type { UserRow } from '../store/users';
import { saveUserStatus, type UserStatusChange } from '../store/userStatus';
import { refuseBots } from './humanUsersOnly';
import { checkEmojiRequest, requireEmojiByName } from './reactionEmoji';
import { accessUserForAdmin } from './userAdmin';
import { changeUserSettings } from './userSettings';

/** POST /users/me/status as a client sends it: each part undefined when not given. */
export interface StatusRequest {
  away?: boolean | undefined;
  statusText?: string | undefined;
  emojiName?: string | undefined;
  emojiCode?: string | undefined;
  reactionType?: string | undefined;
  clientName: string;
}

// Zulip's check_capped_string(60), on the text as sent, before it is trimmed.
function checkedText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if ([...text].length > MAX_STATUS_TEXT_LENGTH) {
    throw errors.badRequest(
      `status_text is too long (limit: ${MAX_STATUS_TEXT_LENGTH} characters)`,
    );
  }
  return text.trim();
}

// Zulip 7.0's update_user_status_backend: an empty name clears the emoji;
// a name alone takes its code and namespace from the current emoji of that
// name; a code or namespace without a name is refused.
function checkedEmoji(
  services: Services,
  request: StatusRequest,
): Pick<UserStatusChange, 'emojiName' | 'emojiCode' | 'reactionType'> {
  const { emojiName } = request;
  if (emojiName === '') return { emojiName, emojiCode: '', reactionType: 'unicode_emoji' };
  if (emojiName === undefined) {
    if (request.emojiCode || request.reactionType) {
      throw errors.badRequest(
        'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
      );
    }
    return {};
  }
  const named =
    request.emojiCode === undefined || request.reactionType === undefined
      ? requireEmojiByName(services.sql, emojiName)
      : null;
  const emojiCode = request.emojiCode ?? named?.emojiCode ?? '';
  const reactionType = request.reactionType ?? named?.reactionType ?? '';
  checkEmojiRequest(services.sql, { emojiName, emojiCode, reactionType });
  return { emojiName, emojiCode, reactionType };
}

/**
 * Zulip 7.0's POST /users/me/status (do_update_user_status): `away` sets the
 * presence_enabled setting to its opposite, announced as that setting's
 * change; the text and emoji are kept on the user's one status row; and
 * everyone in the organization hears of the parts that were given.
 */
export function updateUserStatus(services: Services, user: UserRow, request: StatusRequest): void {
  refuseBots(user);
  changeStatus(services, user, request);
}

/**
 * Zulip 12's POST /users/{user_id}/status (update_user_status_admin, feature
 * levels 407 and 473): an administrator, a bot with that role included, sets
 * a person's text and emoji as that person would; `away` is not a parameter
 * of it. Someone who is not there, or a bot, is "No such user".
 */
export function updateStatusOfUser(
  services: Services,
  actor: UserRow,
  userId: number,
  request: Omit<StatusRequest, 'away'>,
): void {
  const target = accessUserForAdmin(services.sql, actor, userId, {
    allowDeactivated: false,
    allowBots: false,
  });
  changeStatus(services, target, request);
}

function changeStatus(services: Services, user: UserRow, request: StatusRequest): void {
  const statusText = checkedText(request.statusText);
  if (request.away === undefined && statusText === undefined && request.emojiName === undefined) {
    throw errors.badRequest('Client did not pass any new values.');
  }
  const emoji = checkedEmoji(services, request);

  if (request.away !== undefined) {
    changeUserSettings(services, user, { presence_enabled: !request.away });
  }
  const { sql } = services;
  sql.transaction(() =>
    saveUserStatus(
      sql,
      user.id,
      { statusText, ...emoji },
      clientIdFor(sql, request.clientName),
      Math.floor(Date.now() / 1000),
    ),
  );
  services.queues.notify(
    plainNotice('user_status', {
      user_id: user.id,
      ...(request.away !== undefined ? { away: request.away } : {}),
      ...(statusText !== undefined ? { status_text: statusText } : {}),
      ...(emoji.emojiName !== undefined
        ? {
            emoji_name: emoji.emojiName,
            emoji_code: emoji.emojiCode,
            reaction_type: emoji.reactionType,
          }
        : {}),
    }),
    // Zulip 8 (feature level 228): only those who may see the person hear of it.
    idsWhoCanAccess(sql, user),
  );
}
