import { z } from 'zod';
import { createDrafts, deleteDraft, editDraft, listDrafts } from '../../actions/drafts';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

// Zulip 7.0's /drafts views. The draft dicts are read by the actions, after
// the enable_drafts_synchronization check that Zulip makes before it reads
// any parameter; `null` is kept so that it is refused as "not a list".
const draftDicts = () => optional('json', z.unknown(), undefined, { keepNull: true });
const draftId = { draft_id: required('json', z.number().int().nonnegative()) };

export const getDraftsEndpoint = userEndpoint({
  method: 'GET',
  path: '/drafts',
  params: {},
  handle: ({ services, user }) => {
    const drafts = listDrafts(services, user);
    return { count: drafts.length, drafts };
  },
});

export const createDraftsEndpoint = userEndpoint({
  method: 'POST',
  path: '/drafts',
  params: { drafts: draftDicts() },
  handle: ({ services, user, params }) => ({ ids: createDrafts(services, user, params.drafts) }),
});

export const editDraftEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/drafts/:draft_id',
  params: { ...draftId, draft: draftDicts() },
  handle: ({ services, user, params }) => {
    editDraft(services, user, params.draft_id, params.draft);
    return {};
  },
});

export const deleteDraftEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/drafts/:draft_id',
  params: draftId,
  handle: ({ services, user, params }) => {
    deleteDraft(services, user, params.draft_id);
    return {};
  },
});
