import type { DraftData, ServerDraft } from '../../wire/drafts';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import { accessStreamById } from '../queries/streamAccess';
import type { Services } from '../services';
import { displaySettingsOf } from '../store/displaySettings';
import {
  deleteDraftRow,
  draftById,
  draftsOf,
  insertDraft,
  updateDraft,
  type DraftRecord,
} from '../store/drafts';
import { userById, type UserRow } from '../store/users';
import { checkDraftDict, checkDraftList } from './draftData';
import { normalizeBody, truncateTopic } from './validate';

// Zulip's draft_endpoint: every /drafts call needs the user's
// enable_drafts_synchronization, checked before its parameters are.
function requireDraftSync(services: Services, user: UserRow): void {
  if (!displaySettingsOf(services.sql, user.id).enable_drafts_synchronization) {
    throw errors.badRequest('User has disabled synchronizing drafts.');
  }
}

// Zulip addresses a private draft as it would a message: one other person
// (or oneself alone) is a personal recipient, more make a group, and
// Draft.to_dict names the group's people other than the writer, by ID.
function privateRecipients(services: Services, user: UserRow, to: readonly number[]): number[] {
  const ids = [...new Set(to)];
  for (const id of ids) {
    const person = userById(services.sql, id);
    if (!person) throw errors.badRequest(`Invalid user ID ${id}`);
    if (person.is_active !== 1) {
      throw errors.badRequest(`'${person.email}' is no longer using Hearth.`);
    }
  }
  const others = ids.filter((id) => id !== user.id).sort((a, b) => a - b);
  return others.length === 0 ? [user.id] : others;
}

/** Zulip 7.0's further_validated_draft_dict: the draft as it will be kept. */
function validated(services: Services, user: UserRow, draft: DraftData): DraftRecord {
  const content = normalizeBody(draft.content);
  const seconds = Math.round((draft.timestamp ?? Date.now() / 1000) * 1e6) / 1e6;
  if (seconds < 0) throw errors.badRequest('Timestamp must not be negative.');
  const base = { content, lastEditTime: seconds };
  if (draft.type === 'stream') {
    const topic = truncateTopic(draft.topic);
    if (topic.includes('\0')) throw errors.badRequest('Topic must not contain null bytes');
    const [streamId] = draft.to;
    if (draft.to.length !== 1 || streamId === undefined) {
      throw errors.badRequest('Must specify exactly 1 channel ID for channel messages');
    }
    accessStreamById(services.sql, user, streamId);
    return { ...base, type: 'stream', to: [streamId], topic };
  }
  if (draft.type === 'private' && draft.to.length > 0) {
    return { ...base, type: 'private', to: privateRecipients(services, user, draft.to), topic: '' };
  }
  return { ...base, type: '', to: [], topic: '' };
}

/** Zulip's do_create_drafts: all or none, announced to the writer's clients in one event. */
export function createDrafts(services: Services, user: UserRow, sent: unknown): number[] {
  requireDraftSync(services, user);
  if (sent === undefined) throw errors.missingArgument('drafts');
  const records = checkDraftList(sent).map((draft) => validated(services, user, draft));
  const { sql } = services;
  const created = sql.transaction(() =>
    records.map((record) => {
      const id = insertDraft(sql, user.id, record);
      return draftById(sql, user.id, id);
    }),
  );
  services.queues.notify(plainNotice('drafts', { op: 'add', drafts: created }), [user.id]);
  return created.flatMap((draft) => (draft ? [draft.id] : []));
}

/** Zulip's do_edit_draft: the whole draft is replaced. */
export function editDraft(services: Services, user: UserRow, id: number, sent: unknown): void {
  requireDraftSync(services, user);
  if (sent === undefined) throw errors.missingArgument('draft');
  const draft = checkDraftDict(sent, 'draft');
  const { sql } = services;
  if (!draftById(sql, user.id, id)) throw errors.notFound('Draft does not exist');
  const record = validated(services, user, draft);
  const edited = sql.transaction(() => {
    updateDraft(sql, user.id, id, record);
    return draftById(sql, user.id, id);
  });
  services.queues.notify(plainNotice('drafts', { op: 'update', draft: edited }), [user.id]);
}

/** Zulip's do_delete_draft. */
export function deleteDraft(services: Services, user: UserRow, id: number): void {
  requireDraftSync(services, user);
  if (!deleteDraftRow(services.sql, user.id, id)) throw errors.notFound('Draft does not exist');
  services.queues.notify(plainNotice('drafts', { op: 'remove', draft_id: id }), [user.id]);
}

/** Zulip's GET /drafts: the user's drafts, the oldest edit first. */
export function listDrafts(services: Services, user: UserRow): ServerDraft[] {
  requireDraftSync(services, user);
  return draftsOf(services.sql, user.id, 'oldestFirst');
}
