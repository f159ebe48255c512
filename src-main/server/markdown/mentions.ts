import type { MarkdownIt } from 'markdown-it';
import type { StateCore, StateInline, Token } from 'markdown-it';
import { mayStartReference } from './boundaries';
import { escapeText } from './escape';
import { renderEnv, type MarkdownLookups } from './lookups';

type MentionMeta = {
  /** '*' for a channel wildcard, null for `@**topic**`, which names no one. */
  userId: number | '*' | null;
  name: string;
  silent: boolean;
};

// Zulip's channel wildcards, `channel` among them from feature level 247; all of
// them address everyone who receives the message.
const channelWildcards: ReadonlySet<string> = new Set(['all', 'everyone', 'stream', 'channel']);
// Zulip's topic wildcard (feature level 224): the topic's participants.
const TOPIC_WILDCARD = 'topic';

const mentionSyntax = /^@(_?)\*\*([^*]+)\*\*/;
const idSyntax = /^(.+)?\|(\d+)$/;

function resolve(lookups: MarkdownLookups, target: string, silent: boolean): MentionMeta | null {
  if (channelWildcards.has(target)) return { userId: '*', name: target, silent };
  if (target === TOPIC_WILDCARD) return { userId: null, name: target, silent };
  const byId = idSyntax.exec(target);
  const user = byId ? lookups.userById(Number(byId[2])) : lookups.userByName(target);
  if (!user) return null;
  // `@**Name|id**` only mentions the user when both agree, as in Zulip.
  if (byId?.[1] !== undefined && byId[1] !== user.fullName) return null;
  // A deactivated user can be named but not notified.
  return { userId: user.id, name: user.fullName, silent: silent || !user.isActive };
}

// Zulip's user group mention: `@*name*`, or `@_*name*` to name it silently.
const groupSyntax = /^@(_?)\*([^*]+)\*/;

type GroupMentionMeta = {
  groupId: number;
  name: string;
  memberIds: readonly number[];
  silent: boolean;
};

function groupMention(state: StateInline, silentMode: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x40 /* @ */) return false;
  if (!mayStartReference(state.src, state.pos)) return false;
  const match = groupSyntax.exec(state.src.slice(state.pos, state.posMax));
  if (!match?.[2]) return false;
  const group = renderEnv(state.env).lookups.userGroupByName(match[2]);
  if (!group) return false;
  if (!silentMode) {
    const meta: GroupMentionMeta = {
      groupId: group.id,
      name: group.name,
      memberIds: group.memberIds,
      silent: match[1] === '_',
    };
    state.push('user_group_mention', 'span', 0).meta = meta;
  }
  state.pos += match[0].length;
  return true;
}

function userMention(state: StateInline, silentMode: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x40 /* @ */) return false;
  if (!mayStartReference(state.src, state.pos)) return false;
  const match = mentionSyntax.exec(state.src.slice(state.pos, state.posMax));
  if (!match?.[2]) return false;
  const env = renderEnv(state.env);
  const meta = resolve(env.lookups, match[2], match[1] === '_');
  if (!meta) return false;
  if (!silentMode) state.push('user_mention', 'span', 0).meta = meta;
  state.pos += match[0].length;
  return true;
}

// Zulip turns mentions inside quotes into silent ones, so quoting a message
// never notifies the people it mentioned; only the rest count as mentions.
function collectMentions(state: StateCore): void {
  const env = renderEnv(state.env);
  const byName = new Set<number>();
  const groups: GroupMentionMeta[] = [];
  let quoteDepth = 0;
  for (const token of state.tokens) {
    if (token.type === 'blockquote_open') quoteDepth += 1;
    if (token.type === 'blockquote_close') quoteDepth -= 1;
    for (const child of token.children ?? []) {
      if (child.type === 'user_group_mention') {
        const meta = child.meta as GroupMentionMeta;
        if (quoteDepth > 0) meta.silent = true;
        if (meta.silent) continue;
        env.mentionedGroupIds.add(meta.groupId);
        groups.push(meta);
        for (const id of meta.memberIds) env.mentionedUserIds.add(id);
        continue;
      }
      if (child.type !== 'user_mention') continue;
      const meta = child.meta as MentionMeta;
      if (quoteDepth > 0) meta.silent = true;
      if (meta.silent) continue;
      if (meta.userId === '*') env.wildcardMentioned = true;
      else if (meta.userId === null) env.topicWildcardMentioned = true;
      else {
        env.mentionedUserIds.add(meta.userId);
        byName.add(meta.userId);
      }
    }
  }
  noteMentioningGroups(env.mentioningGroupOf, groups, byName);
}

// Zulip 12.0's get_user_group_mentions_data: a notification names the group
// that mentioned its reader, unless the reader was also mentioned by name;
// of several, the one with the fewest members (counted through subgroups),
// and of equals the first mentioned.
function noteMentioningGroups(
  into: Map<number, number>,
  groups: readonly GroupMentionMeta[],
  byName: ReadonlySet<number>,
): void {
  const sizeOf = new Map(groups.map((group) => [group.groupId, group.memberIds.length]));
  for (const group of groups) {
    for (const userId of group.memberIds) {
      if (byName.has(userId)) continue;
      const earlier = into.get(userId);
      if (earlier === undefined || (sizeOf.get(earlier) ?? 0) > group.memberIds.length) {
        into.set(userId, group.groupId);
      }
    }
  }
}

// Zulip's UserMentionPattern: `@**topic**` is a `topic-mention` span with no
// user ID; the rest are `user-mention` spans naming a user or '*', a channel
// wildcard also marked `channel-wildcard-mention` (feature level 247).
function mentionClass(userId: MentionMeta['userId']): string {
  if (userId === null) return 'topic-mention';
  return userId === '*' ? 'user-mention channel-wildcard-mention' : 'user-mention';
}

function renderMention(tokens: Token[], index: number): string {
  const meta = tokens[index]?.meta as MentionMeta;
  const kind = mentionClass(meta.userId);
  const className = meta.silent ? `${kind} silent` : kind;
  const userId = meta.userId === null ? '' : ` data-user-id="${meta.userId}"`;
  return `<span class="${className}"${userId}>${meta.silent ? '' : '@'}${escapeText(meta.name)}</span>`;
}

function renderGroupMention(tokens: Token[], index: number): string {
  const meta = tokens[index]?.meta as GroupMentionMeta;
  const className = meta.silent ? 'user-group-mention silent' : 'user-group-mention';
  return `<span class="${className}" data-user-group-id="${meta.groupId}">${meta.silent ? '' : '@'}${escapeText(meta.name)}</span>`;
}

export function userMentions(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'user_mention', userMention);
  md.inline.ruler.before('emphasis', 'user_group_mention', groupMention);
  md.renderer.rules.user_group_mention = renderGroupMention;
  md.core.ruler.push('collect_mentions', collectMentions);
  md.renderer.rules.user_mention = renderMention;
}
