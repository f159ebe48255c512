import type { Services } from '../services';
import type { StreamRow } from '../store/streams';
import type { UserRow } from '../store/users';
import { silentMention, stageChannelEventsNotice, type Announcements } from './systemBotMessages';

// Zulip's "*No description.*" where a channel has none.
const described = (description: string) => (description === '' ? '*No description.*' : description);

/**
 * Notification Bot's notices of a channel's new name and description, as
 * Zulip 12's do_rename_stream and send_change_stream_description_notification
 * word them, in the transaction that changed the channel.
 */
export function stageChannelChangeNotices(
  services: Services,
  actor: UserRow,
  before: StreamRow,
  after: StreamRow,
  announcements: Announcements,
): void {
  const who = silentMention(actor);
  if (before.name !== after.name) {
    const text = `${who} renamed channel **${before.name}** to **${after.name}**.`;
    stageChannelEventsNotice(services, after, text, announcements);
  }
  if (before.description !== after.description) {
    const text =
      `${who} changed the description for this channel.\n\n` +
      `* **Old description:**\n\`\`\`\` quote\n${described(before.description)}\n\`\`\`\`\n` +
      `* **New description:**\n\`\`\`\` quote\n${described(after.description)}\n\`\`\`\``;
    stageChannelEventsNotice(services, after, text, announcements);
  }
}
