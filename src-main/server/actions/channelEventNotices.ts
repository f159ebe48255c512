import { defaultEmptyTopicName } from '../../permissions/topicsPolicy';
import type { Services } from '../services';
import type { StreamRow } from '../store/streams';
import type { UserRow } from '../store/users';
import { silentMention, stageChannelEventsNotice, type Announcements } from './systemBotMessages';

// Zulip's "*No description.*" where a channel has none.
const described = (description: string) => (description === '' ? '*No description.*' : description);

// Zulip's Stream.PERMISSION_POLICIES names, by get_stream_permission_policy_key
// (a Hearth host has no web-public channels).
function permissionPolicyName(stream: StreamRow): string {
  const shared = stream.history_public_to_subscribers === 1;
  if (stream.invite_only === 1) {
    return shared ? 'Private, shared history' : 'Private, protected history';
  }
  return shared ? 'Public' : 'Public, protected history';
}

// Zulip's TOPICS_POLICY_DISPLAY_NAME_MAP, with the host's name for the empty topic.
const topicsPolicyNames: Readonly<Record<string, string>> = {
  inherit: 'Automatic',
  allow_empty_topic: `*${defaultEmptyTopicName}* topic allowed`,
  disable_empty_topic: `No *${defaultEmptyTopicName}* topic`,
  empty_topic_only: `Only *${defaultEmptyTopicName}* topic allowed`,
};

/**
 * Notification Bot's notices of a channel's new name, description, access
 * permissions and topics policy, as Zulip 12's do_rename_stream,
 * send_change_stream_description_notification,
 * send_change_stream_permission_notification and do_set_stream_property word
 * them, in the transaction that changed the channel.
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
  const [oldPolicy, newPolicy] = [permissionPolicyName(before), permissionPolicyName(after)];
  if (oldPolicy !== newPolicy) {
    const text =
      `${who} changed the [access permissions](/help/channel-permissions) ` +
      `for this channel from **${oldPolicy}** to **${newPolicy}**.`;
    stageChannelEventsNotice(services, after, text, announcements);
  }
  if (before.topics_policy !== after.topics_policy) {
    const [from, to] = [before.topics_policy, after.topics_policy].map(
      (policy) => `**${topicsPolicyNames[policy] ?? policy}**`,
    );
    const text = `${who} changed the "Allow posting to the *${defaultEmptyTopicName}* topic?" setting from ${from} to ${to}.`;
    stageChannelEventsNotice(services, after, text, announcements);
  }
}
