import type { ComposeRefusal } from '../../../src-preload/bridge';
import { t } from './i18n.svelte';
import { formatList } from './localeFormat.svelte';

/**
 * Why Send waits, in the window's words, for each refusal main foresees:
 * each read as it is shown, in the language of the moment.
 */
export const refusalNotices: Readonly<Record<ComposeRefusal, string>> = {
  get channelPosting() {
    return t('window.compose.refusal.channelPosting');
  },
  get newTopic() {
    return t('window.compose.refusal.newTopic');
  },
  get directMessagesOff() {
    return t('window.compose.refusal.directMessagesOff');
  },
  get directMessageUnauthorized() {
    return t('window.compose.refusal.directMessageUnauthorized');
  },
  get directMessageNotStarted() {
    return t('window.compose.refusal.directMessageNotStarted');
  },
};

/** The warning before writing to guests, as the organization asks (Zulip's enable_guest_user_dm_warning). */
export function guestNotice(guests: readonly string[]): string | null {
  if (guests.length === 0) return null;
  return t('window.compose.guestNotice', { count: guests.length, names: formatList(guests) });
}
