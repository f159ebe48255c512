import { errors } from '../errors';
import { Flag, WILDCARD_MENTIONED } from '../store/flags';
import { huddleIdByKey, huddleKey } from '../store/huddles';
import { recipientFor, RecipientType } from '../store/recipients';
import type { Sql } from '../store/sql';
import { VisibilityPolicy } from '../store/userTopics';
import type { UserRow } from '../store/users';
import { NEVER, type Conditions } from './conditions';
import { findStream, findUser, findUsers, singleOperand, textOperand } from './operands';
import type { Term } from './terms';

interface Context {
  sql: Sql;
  viewer: UserRow;
  out: Conditions;
}

/** The condition one term adds, before negation; null when it selects everything. */
type Operator = (term: Term, context: Context) => string | null;

const flagSet = (mask: number) => `(um.flags & ${mask}) != 0`;
const isPrivate = flagSet(Flag.is_private);

// Zulip's `is:` operands, each a test of the viewer's own flags (so they never
// reach history the viewer did not receive).
const isConditions: Readonly<Record<string, string>> = {
  private: isPrivate,
  dm: isPrivate,
  starred: flagSet(Flag.starred),
  unread: `(um.flags & ${Flag.read}) = 0`,
  mentioned: flagSet(Flag.mentioned | WILDCARD_MENTIONED),
  alerted: flagSet(Flag.has_alert_word),
  resolved: "m.subject LIKE '✔ %'",
};

const hasOperands = new Set(['link', 'image', 'attachment']);

// Zulip 9's has:reaction (feature level 249): at least one emoji reaction.
const hasReaction = 'EXISTS (SELECT 1 FROM reactions hr WHERE hr.message_id = m.id)';

// Zulip 10's is:muted (feature level 366): what Zulip's muting conditions hide,
// a muted topic, or a muted channel's topic the viewer has not unmuted or followed.
function isMuted({ out, viewer }: Context): string {
  const viewerId = out.bind(viewer.id);
  const topicPolicy = `SELECT ut.visibility_policy FROM user_topics ut JOIN recipients tr
    ON tr.id = m.recipient_id AND tr.type = ${RecipientType.stream}
    WHERE ut.user_id = ${viewerId} AND ut.stream_id = tr.type_id AND ut.topic = m.subject`;
  const mutedChannel = `m.recipient_id IN (SELECT recipient_id FROM subscriptions
    WHERE user_id = ${viewerId} AND is_active = 1 AND is_muted = 1)`;
  return `COALESCE((${topicPolicy}) = ${VisibilityPolicy.muted}, ${mutedChannel})`;
}

// Zulip 12's mentions: operator (feature level 446): a direct, notifying
// mention of the user, as its rendered span shows; not a silent, group or wildcard one.
const mentions: Operator = (term, { sql, out }) => {
  const user = findUser(sql, term);
  return `instr(m.rendered_content, ${out.bind(`<span class="user-mention" data-user-id="${user.id}">`)}) > 0`;
};

function personalRecipientId(sql: Sql, userId: number): number {
  const recipient = recipientFor(sql, RecipientType.personal, userId);
  if (!recipient) throw new Error(`user ${userId} has no personal recipient`);
  return recipient.id;
}

// A one-to-one conversation is stored under the receiver's personal recipient,
// so both directions are needed, as in Zulip's by_dm.
function conversationWith(context: Context, other: UserRow): string {
  const { sql, viewer, out } = context;
  const mine = out.bind(personalRecipientId(sql, viewer.id));
  const theirs = out.bind(personalRecipientId(sql, other.id));
  const viewerId = out.bind(viewer.id);
  const otherId = out.bind(other.id);
  return `${isPrivate} AND ((m.sender_id = ${otherId} AND m.recipient_id = ${mine})
    OR (m.sender_id = ${viewerId} AND m.recipient_id = ${theirs}))`;
}

function sharedHuddles(context: Context, other: UserRow): string {
  const { out } = context;
  return `m.recipient_id IN (SELECT mine.recipient_id FROM subscriptions mine
    JOIN subscriptions theirs ON theirs.recipient_id = mine.recipient_id
    JOIN recipients hr ON hr.id = mine.recipient_id AND hr.type = ${RecipientType.huddle}
    WHERE mine.user_id = ${out.bind(context.viewer.id)} AND theirs.user_id = ${out.bind(other.id)})`;
}

const directMessages: Operator = (term, context) => {
  const { sql, viewer, out } = context;
  const users = findUsers(sql, term);
  const everyone = new Set([viewer.id, ...users.map((user) => user.id)]);
  if (everyone.size > 2) {
    const huddleId = huddleIdByKey(sql, huddleKey([...everyone]));
    const recipient =
      huddleId === undefined ? undefined : recipientFor(sql, RecipientType.huddle, huddleId);
    return recipient ? `m.recipient_id = ${out.bind(recipient.id)}` : NEVER;
  }
  const other = users.find((user) => user.id !== viewer.id);
  if (other) return conversationWith(context, other);
  return `${isPrivate} AND m.sender_id = ${out.bind(viewer.id)}
    AND m.recipient_id = ${out.bind(personalRecipientId(sql, viewer.id))}`;
};

const stream: Operator = (term, { sql, out }) =>
  `m.recipient_id = ${out.bind(findStream(sql, term).recipient_id)}`;

const topic: Operator = (term, { out }) =>
  `m.subject = ${out.bind(textOperand(term))} COLLATE NOCASE`;

// Which channels each `channels:` operand keeps. Zulip 12's channels:archived
// (feature level 489) keeps the archived ones; since it reaches no history
// (history.ts), only what the viewer received there.
const channelKinds: ReadonlyMap<string, string> = new Map([
  ['public', 'ps.invite_only = 0'],
  ['archived', 'ps.deactivated = 1'],
]);

const streams: Operator = (term) => {
  const operand = textOperand(term);
  // Hearth has no web-public streams, so that operand selects nothing.
  if (operand === 'web-public') return NEVER;
  const kind = channelKinds.get(operand);
  if (kind === undefined) throw errors.badNarrow(`unknown channels operand ${operand}`);
  return `m.recipient_id IN (SELECT pr.id FROM recipients pr
    JOIN streams ps ON pr.type = ${RecipientType.stream} AND ps.id = pr.type_id
    WHERE ${kind})`;
};

export const operators: Readonly<Record<string, Operator>> = {
  stream,
  channel: stream,
  streams,
  channels: streams,
  topic,
  subject: topic,
  sender: (term, { sql, out }) => `m.sender_id = ${out.bind(findUser(sql, term).id)}`,
  mentions,
  // Zulip's server ignores `near`: it only tells clients where to anchor.
  near: () => null,
  id: (term, { out }) => {
    const operand = String(singleOperand(term));
    if (!/^\d+$/.test(operand)) throw errors.badNarrow('Invalid message ID');
    return `m.id = ${out.bind(Number(operand))}`;
  },
  is: (term, context) => {
    const { out, viewer } = context;
    const operand = textOperand(term);
    if (operand === 'muted') return isMuted(context);
    // Zulip 8.0's is:followed (feature level 265): the viewer's followed topics.
    if (operand === 'followed') {
      return `EXISTS (SELECT 1 FROM user_topics ut JOIN recipients fr ON fr.id = m.recipient_id
        WHERE fr.type = ${RecipientType.stream} AND ut.user_id = ${out.bind(viewer.id)}
        AND ut.stream_id = fr.type_id AND ut.topic = m.subject
        AND ut.visibility_policy = ${VisibilityPolicy.followed})`;
    }
    const condition = isConditions[operand];
    if (condition === undefined) throw errors.badNarrow(`unknown 'is' operand ${operand}`);
    return condition;
  },
  has: (term) => {
    const operand = textOperand(term);
    if (operand === 'reaction') return hasReaction;
    if (!hasOperands.has(operand)) throw errors.badNarrow(`unknown 'has' operand ${operand}`);
    return `m.has_${operand} = 1`;
  },
  in: (term, { out, viewer }) => {
    const operand = textOperand(term);
    if (operand === 'all') return null;
    if (operand !== 'home') throw errors.badNarrow(`unknown 'in' operand ${operand}`);
    return `m.recipient_id NOT IN (SELECT recipient_id FROM subscriptions
      WHERE user_id = ${out.bind(viewer.id)} AND is_active = 1 AND is_muted = 1)`;
  },
  'pm-with': directMessages,
  dm: directMessages,
  'group-pm-with': (term, context) =>
    `${isPrivate} AND ${sharedHuddles(context, findUser(context.sql, term))}`,
  'dm-including': (term, context) => {
    const other = findUser(context.sql, term);
    if (other.id === context.viewer.id) return isPrivate;
    return `(${conversationWith(context, other)}) OR (${isPrivate} AND ${sharedHuddles(context, other)})`;
  },
};
