import type { ComposeRefusal } from '../../../src-preload/bridge';
import { t, type MessageKey } from './i18n.svelte';
import { formatList } from './localeFormat.svelte';

const refusalKeys = {
  channelPosting: 'window.compose.refusal.channelPosting',
  newTopic: 'window.compose.refusal.newTopic',
  directMessagesOff: 'window.compose.refusal.directMessagesOff',
  directMessageUnauthorized: 'window.compose.refusal.directMessageUnauthorized',
  directMessageNotStarted: 'window.compose.refusal.directMessageNotStarted',
} as const satisfies Record<ComposeRefusal, MessageKey>;

/** Why Send waits, in the window's words, for a refusal main foresees. */
export const refusalNotice = (refusal: ComposeRefusal): string => t(refusalKeys[refusal]);

/** The warning before writing to guests, as the organization asks (Zulip's enable_guest_user_dm_warning). */
export function guestNotice(guests: readonly string[]): string | null {
  if (guests.length === 0) return null;
  return t('window.compose.guestNotice', { count: guests.length, names: formatList(guests) });
}
