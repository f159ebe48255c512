import type { ComposeRefusal } from '../../../src-preload/bridge';

/** Why Send waits, in the window's words, for each refusal main foresees. */
export const refusalNotices: Record<ComposeRefusal, string> = {
  channelPosting: 'You cannot post in this channel: its settings let only some people post here.',
  newTopic:
    'Only some people may start topics in this channel. Choose one of its topics to post there.',
  directMessagesOff: 'This organization has turned direct messages off.',
  directMessageUnauthorized:
    'No one in this conversation is allowed to authorize direct messages, so it cannot be sent.',
  directMessageNotStarted:
    'You can answer direct messages, but not start a conversation: this one has no messages yet.',
};

/** The warning before writing to guests, as the organization asks (Zulip's enable_guest_user_dm_warning). */
export function guestNotice(guests: readonly string[]): string | null {
  if (guests.length === 0) return null;
  if (guests.length === 1) return `${guests[0]} is a guest in this organization.`;
  const names = `${guests.slice(0, -1).join(', ')} and ${guests.at(-1)}`;
  return `${names} are guests in this organization.`;
}
