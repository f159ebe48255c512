import { z } from 'zod';
import { addLinkifier, changeLinkifier, removeLinkifier } from '../../actions/linkifiers';
import { addPlayground, removePlayground } from '../../actions/playgrounds';
import { allLinkifiers } from '../../store/linkifiers';
import { userEndpoint } from '../endpoint';
import { required } from '../params';
import { requireAdministrator } from '../../actions/groupPermission';

// Changes are for administrators, refused (`authorize`) before any parameter
// is read, as Zulip's require_realm_admin refuses them.
const text = () => required('text', z.string());
const id = () => required('json', z.number().int());

// Zulip 7.0's list_linkifiers: everyone in the organization reads them.
export const getLinkifiersEndpoint = userEndpoint({
  method: 'GET',
  path: '/realm/linkifiers',
  params: {},
  handle: ({ services }) => ({ linkifiers: allLinkifiers(services.sql) }),
});

export const addLinkifierEndpoint = userEndpoint({
  method: 'POST',
  path: '/realm/filters',
  params: { pattern: text(), url_template: text() },
  authorize: requireAdministrator,
  handle: ({ services, params }) => ({
    id: addLinkifier(services, params.pattern, params.url_template),
  }),
});

export const updateLinkifierEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/realm/filters/:filter_id',
  params: { filter_id: id(), pattern: text(), url_template: text() },
  authorize: requireAdministrator,
  handle: ({ services, params }) => {
    changeLinkifier(services, params.filter_id, params.pattern, params.url_template);
    return {};
  },
});

export const removeLinkifierEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/realm/filters/:filter_id',
  params: { filter_id: id() },
  authorize: requireAdministrator,
  handle: ({ services, params }) => {
    removeLinkifier(services, params.filter_id);
    return {};
  },
});

// Zulip 7.0's add_realm_playground (url_prefix; url_template came with
// feature level 196).
export const addPlaygroundEndpoint = userEndpoint({
  method: 'POST',
  path: '/realm/playgrounds',
  params: { name: text(), url_prefix: text(), pygments_language: text() },
  authorize: requireAdministrator,
  handle: ({ services, params }) => ({
    id: addPlayground(services, {
      name: params.name,
      pygmentsLanguage: params.pygments_language,
      urlPrefix: params.url_prefix,
    }),
  }),
});

export const removePlaygroundEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/realm/playgrounds/:playground_id',
  params: { playground_id: id() },
  authorize: requireAdministrator,
  handle: ({ services, params }) => {
    removePlayground(services, params.playground_id);
    return {};
  },
});
