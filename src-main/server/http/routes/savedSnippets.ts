import { z } from 'zod';
import {
  createSavedSnippet,
  deleteSavedSnippet,
  editSavedSnippet,
} from '../../actions/savedSnippets';
import { savedSnippetsOf } from '../../store/savedSnippets';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

// Zulip's /saved_snippets views (feature levels 297 and 368).
const snippetId = { saved_snippet_id: required('json', z.number().int().nonnegative()) };

export const getSavedSnippetsEndpoint = userEndpoint({
  method: 'GET',
  path: '/saved_snippets',
  params: {},
  handle: ({ services, user }) => ({ saved_snippets: savedSnippetsOf(services.sql, user.id) }),
});

export const createSavedSnippetEndpoint = userEndpoint({
  method: 'POST',
  path: '/saved_snippets',
  params: { title: required('text', z.string()), content: required('text', z.string()) },
  handle: ({ services, user, params }) => ({
    saved_snippet_id: createSavedSnippet(services, user, params),
  }),
});

export const editSavedSnippetEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/saved_snippets/:saved_snippet_id',
  params: {
    ...snippetId,
    title: optional('text', z.string()),
    content: optional('text', z.string()),
  },
  handle: ({ services, user, params }) => {
    editSavedSnippet(services, user, params.saved_snippet_id, params);
    return {};
  },
});

export const deleteSavedSnippetEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/saved_snippets/:saved_snippet_id',
  params: snippetId,
  handle: ({ services, user, params }) => {
    deleteSavedSnippet(services, user, params.saved_snippet_id);
    return {};
  },
});
