import { errors } from '../errors';
import { accessMessage } from '../queries/messageAccess';
import type { Services } from '../services';
import type { ViewedMessageRow } from '../store/messages';
import { getRealm } from '../store/realm';
import { RecipientType } from '../store/recipients';
import type { Sql } from '../store/sql';
import { streamById } from '../store/streams';
import { userById, type UserRow } from '../store/users';
import {
  directMessagePeople,
  directMessageUrl,
  silentMention,
  truncated,
  unusedFence,
} from './quotedMessage';
import { REPORT_MESSAGE_REASONS } from './reportReasons';
import { sendMessage } from './sendMessage';
import { messageLinkSyntax } from '../markdown/topicLinkSyntax';
import { MAX_MESSAGE_BYTES } from './validate';

/** Zulip's Realm.MAX_REPORT_MESSAGE_EXPLANATION_LENGTH, the longest `description`. */
export const MAX_REPORT_DESCRIPTION_LENGTH = 1000;

// Zulip's MAX_REPORT_MESSAGE_SNIPPET_LENGTH: room for the description and
// the words around the quoted message.
const MAX_SNIPPET_LENGTH = MAX_MESSAGE_BYTES - MAX_REPORT_DESCRIPTION_LENGTH - 500;

export interface MessageReport {
  messageId: number;
  reportType: string;
  description: string;
}

/**
 * The channel moderation requests go to, Zulip 10's
 * moderation_request_channel_id (feature level 331), or null when the
 * organization takes none. The organization's setting is stored as that
 * level lands; an organization without it takes no reports.
 */
function moderationRequestChannelId(sql: Sql): number | null {
  const realm = getRealm(sql);
  const id: unknown = realm ? Reflect.get(realm, 'moderation_request_channel_id') : undefined;
  return typeof id === 'number' && id > 0 ? id : null;
}

/** Zulip's datetime_to_global_time of a message's date_sent, to the second. */
const globalTime = (seconds: number) =>
  `<time:${new Date(Math.floor(seconds) * 1000).toISOString().slice(0, 19)}+00:00>`;

function mentionOf(sql: Sql, id: number): string {
  const user = userById(sql, id);
  return user ? silentMention(user) : '';
}

// The first line of Zulip's send_message_report: who reported whose message, sent where and when.
function reportHeader(
  sql: Sql,
  reporter: UserRow,
  message: ViewedMessageRow,
  sender: UserRow,
): string {
  const [reporting, reported] = [silentMention(reporter), silentMention(sender)];
  const at = globalTime(message.date_sent);
  if (message.recipient_type === RecipientType.stream) {
    return `${reporting} reported a message sent by ${reported} at ${at}.`;
  }
  const people = directMessagePeople(sql, message);
  if (people.length <= 2) {
    if (sender.id !== reporter.id) {
      return `${reporting} reported a direct message sent by ${reported} at ${at}.`;
    }
    // Someone reporting their own direct message names whom they sent it to.
    const other = people.find((id) => id !== reporter.id);
    const to = other === undefined ? reporting : mentionOf(sql, other);
    return `${reporting} reported a direct message sent by ${reported} to ${to} at ${at}.`;
  }
  const others = people
    .filter((id) => id !== sender.id)
    .map((id) => mentionOf(sql, id))
    .sort();
  const last = others.pop() ?? '';
  const listed = others.join(', ') + (others.length > 1 ? ',' : '');
  return `${reporting} reported a direct message sent by ${reported} to ${listed} and ${last} at ${at}.`;
}

/**
 * Zulip's report_message_backend and send_message_report (feature level
 * 382): a notice to the organization's moderation request channel, in a
 * topic named for the reported person, quoting the report and, behind a
 * spoiler, the message. Zulip posts it as its Notification Bot; Hearth has
 * no system bots, so the reporter posts it, whatever their own access to
 * that channel.
 */
export function reportMessage(services: Services, reporter: UserRow, report: MessageReport): void {
  const { sql } = services;
  if (report.description.length > MAX_REPORT_DESCRIPTION_LENGTH) {
    throw errors.badRequest(
      `description is too long (limit: ${MAX_REPORT_DESCRIPTION_LENGTH} characters)`,
    );
  }
  if (report.reportType === 'other' && report.description === '') {
    throw errors.badRequest('An explanation is required.');
  }
  const channelId = moderationRequestChannelId(sql);
  const channel = channelId === null ? undefined : streamById(sql, channelId);
  if (!channel) throw errors.badRequest('Message reporting is not enabled in this organization.');
  const message = accessMessage(sql, reporter, report.messageId);
  const sender = userById(sql, message.sender_id);
  if (!sender) throw new Error(`message ${message.id} has no sender`);

  const where =
    message.recipient_type === RecipientType.stream
      ? `Original message at ${messageLinkSyntax(
          {
            id: message.recipient_type_id,
            name: streamById(sql, message.recipient_type_id)?.name ?? '',
          },
          message.subject,
          message.id,
        )}`
      : `[Original message](${directMessageUrl(services.realmUri(), directMessagePeople(sql, message), message.id)})`;
  const quoted = truncated(message.content, MAX_SNIPPET_LENGTH);
  const fence = unusedFence(quoted);
  const reason = REPORT_MESSAGE_REASONS[report.reportType] ?? report.reportType;
  const content = [
    reportHeader(sql, reporter, message, sender),
    '```quote',
    `**${reason}**. ${report.description}`,
    '```',
    '',
    `${fence} spoiler ${where}`,
    quoted,
    fence,
  ].join('\n');
  const topic =
    channel.topics_policy === 'empty_topic_only' ? '' : `${sender.full_name} moderation`;
  sendMessage(services, reporter, {
    destination: { type: 'stream', stream: channel.id, topic },
    content,
    clientName: 'Hearth',
    systemNotice: true,
    skipStreamAccessCheck: true,
  });
}
