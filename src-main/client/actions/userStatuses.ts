import { z } from 'zod';
import type { PersonStatus } from '../../../src-preload/calls/statusCalls';
import type { InitialState } from '../../wire/registerState';
import { userStatusSchema, type UserStatus } from '../../wire/userStatus';
import type { Api, ReactionEmoji } from '../api';
import { mt } from '../../i18n/mainText';
import { refusedWhenUnreachable } from './unreachable';
import { customEmojiOf, safeGlyph } from './reactions';

// Register's user_status as saved: checked here, since an old cache or a
// newer server may hold anything.
const statusesSchema = z.record(z.string(), userStatusSchema.loose());

/** Everyone's status as the window shows it, by user ID, and who is away. */
export interface StatusViews {
  statusOf(userId: number): PersonStatus | undefined;
  isAway(userId: number): boolean;
}

function viewOf(
  status: UserStatus,
  custom: ReadonlyMap<string, { url: string }>,
): PersonStatus | undefined {
  const text = status.status_text ?? '';
  const { emoji_name: name, emoji_code: code, reaction_type: type } = status;
  const emoji =
    name && code && type
      ? {
          name,
          code,
          type,
          glyph: type === 'unicode_emoji' ? safeGlyph(code) : null,
          imageUrl: type === 'realm_emoji' ? (custom.get(code)?.url ?? null) : null,
        }
      : null;
  return text === '' && emoji === null ? undefined : { text, emoji };
}

/**
 * The statuses of register's `user_status`, which user_status events keep
 * current. The reader is away while their presence_enabled is off, which
 * their own user_settings events say even when no status row says it.
 */
export function statusViews(
  state: InitialState | null,
  serverUrl: string,
  ownUserId: number | null,
): StatusViews {
  const statuses = statusesSchema.safeParse(state?.user_status ?? {}).data ?? {};
  // A removed emoji still shows where it was chosen, as in old messages.
  const custom = customEmojiOf(state, serverUrl, { removed: true });
  const presenceEnabled = state?.user_settings?.['presence_enabled'];
  return {
    statusOf: (userId) => {
      const status = statuses[String(userId)];
      return status ? viewOf(status, custom) : undefined;
    },
    isAway: (userId) =>
      userId === ownUserId && typeof presenceEnabled === 'boolean'
        ? !presenceEnabled
        : statuses[String(userId)]?.away === true,
  };
}

/** A person's `status` and `away` as the snapshot carries them: present only when set. */
export function statusFields(
  views: StatusViews,
  userId: number,
): { status?: PersonStatus; away?: boolean } {
  const status = views.statusOf(userId);
  return { ...(status ? { status } : {}), ...(views.isAway(userId) ? { away: true } : {}) };
}

export interface AccountStatusDeps {
  /** The account's API; throws when the account has no key to act with. */
  api: () => Pick<Api, 'updateStatus'>;
  online: () => boolean;
}

/**
 * The reader's own status, changed on the server only: the window shows it
 * once the server's user_status event has come back. Offline a change is
 * refused rather than queued, as a status says what is true now.
 */
export class AccountStatus {
  constructor(private readonly deps: AccountStatusDeps) {}

  /** Sets the text and the emoji together; an empty text and no emoji clear the status. */
  async set(text: string, emoji: ReactionEmoji | null): Promise<void> {
    await this.#whileOnline(() => this.deps.api().updateStatus({ text, emoji }));
  }

  async setAway(away: boolean): Promise<void> {
    await this.#whileOnline(() => this.deps.api().updateStatus({ away }));
  }

  #whileOnline(send: () => Promise<void>): Promise<void> {
    return refusedWhenUnreachable(this.deps.online(), () => mt('main.offline.status'), send);
  }
}
