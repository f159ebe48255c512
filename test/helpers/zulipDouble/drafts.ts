import { z } from 'zod';
import type { ServerDraft } from '../../../src-main/wire/drafts';
import { canSeeChannel } from './channelAccess';
import { emit, type Context } from './context';
import { ZulipError, badRequest } from './errors';
import type { Org } from './org';
import { json, parseParams, type RawParams } from './params';

// Zulip's drafts (feature level 87 on): GET, POST, PATCH and DELETE /drafts
// under the user's enable_drafts_synchronization, and their `drafts` events.

const draftSchema = z
  .object({
    type: z.enum(['stream', 'private', '']),
    to: z.array(z.number().int()),
    topic: z.string(),
    content: z.string().refine((content) => content.trim() !== '', 'Content must not be empty'),
    timestamp: z.number().optional(),
  })
  .strict();
type DraftDict = z.infer<typeof draftSchema>;

const drafts = new WeakMap<Org, Map<number, { userId: number; draft: ServerDraft }>>();
const draftsIn = (org: Org) => {
  let kept = drafts.get(org);
  if (!kept) drafts.set(org, (kept = new Map()));
  return kept;
};
let nextId = 1;

/** The user's drafts, the last edited first, as register lists them. */
export function draftsOf(org: Org, userId: number): ServerDraft[] {
  return [...draftsIn(org).values()]
    .filter((kept) => kept.userId === userId)
    .map((kept) => kept.draft)
    .sort((a, b) => b.timestamp - a.timestamp || b.id - a.id);
}

/** Turning enable_drafts_synchronization off deletes the server's copies, with no event. */
export function forgetDrafts(org: Org, userId: number): void {
  const kept = draftsIn(org);
  for (const [id, entry] of kept) if (entry.userId === userId) kept.delete(id);
}

function requireSync(org: Org, userId: number): void {
  if (org.settingsOf(userId).enable_drafts_synchronization === false) {
    throw badRequest('User has disabled synchronizing drafts.');
  }
}

const notFound = () => new ZulipError(404, 'BAD_REQUEST', 'Draft does not exist');

function validated(org: Org, userId: number, id: number, dict: DraftDict, now: number) {
  const timestamp = Math.trunc(dict.timestamp ?? now);
  if (timestamp < 0) throw badRequest('Timestamp must not be negative.');
  const base = { id, content: dict.content.trimEnd(), timestamp };
  if (dict.type === 'stream') {
    const [channelId] = dict.to;
    if (dict.to.length !== 1 || channelId === undefined) {
      throw badRequest('Must specify exactly 1 channel ID for channel messages');
    }
    const channel = org.streams.get(channelId);
    if (!channel || !canSeeChannel(org, userId, channel)) throw badRequest('Invalid channel ID');
    return { ...base, type: 'stream' as const, to: [channelId], topic: dict.topic };
  }
  if (dict.type === 'private' && dict.to.length > 0) {
    for (const other of dict.to) {
      if (!org.user(other)) throw badRequest(`Invalid user ID ${other}`);
    }
    const others = [...new Set(dict.to)].filter((other) => other !== userId).sort((a, b) => a - b);
    const to = others.length === 0 ? [userId] : others;
    return { ...base, type: 'private' as const, to, topic: '' };
  }
  return { ...base, type: '' as const, to: [], topic: '' };
}

export function listDrafts(context: Context, userId: number) {
  requireSync(context.org, userId);
  const listed = draftsOf(context.org, userId).reverse();
  return { count: listed.length, drafts: listed };
}

export function createDrafts(context: Context, userId: number, raw: RawParams): number[] {
  const { org } = context;
  requireSync(org, userId);
  const { drafts: dicts } = parseParams(z.object({ drafts: json(z.array(draftSchema)) }), raw);
  const created = dicts.map((dict) => validated(org, userId, nextId++, dict, context.now()));
  for (const draft of created) draftsIn(org).set(draft.id, { userId, draft });
  emit(context, [userId], () => ({ type: 'drafts', op: 'add', drafts: created }));
  return created.map((draft) => draft.id);
}

export function editDraft(context: Context, userId: number, id: number, raw: RawParams): void {
  const { org } = context;
  requireSync(org, userId);
  const { draft: dict } = parseParams(z.object({ draft: json(draftSchema) }), raw);
  const kept = draftsIn(org).get(id);
  if (kept?.userId !== userId) throw notFound();
  kept.draft = validated(org, userId, id, dict, context.now());
  emit(context, [userId], () => ({ type: 'drafts', op: 'update', draft: kept.draft }));
}

export function deleteDraft(context: Context, userId: number, id: number): void {
  const { org } = context;
  requireSync(org, userId);
  if (draftsIn(org).get(id)?.userId !== userId) throw notFound();
  draftsIn(org).delete(id);
  emit(context, [userId], () => ({ type: 'drafts', op: 'remove', draft_id: id }));
}
