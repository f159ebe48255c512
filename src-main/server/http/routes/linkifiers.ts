import { z } from 'zod';
import {
  addLinkifier,
  changeLinkifier,
  removeLinkifier,
  reorderRealmLinkifiers,
} from '../../actions/linkifiers';
import { addPlayground, removePlayground } from '../../actions/playgrounds';
import { allLinkifiers } from '../../store/linkifiers';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';
import { requireAdministrator } from '../../actions/groupPermission';

// Changes are for administrators, refused (`authorize`) before any parameter
// is read, as Zulip's require_realm_admin refuses them.
const text = () => required('text', z.string());
const id = () => required('json', z.number().int());

// Zulip 12's optional fields of a linkifier (feature levels 471 and 478).
const extraParams = {
  example_input: optional('text', z.string()),
  reverse_template: optional('text', z.string()),
  alternative_url_templates: optional('json', z.array(z.string())),
};
const extrasOf = (params: {
  example_input?: string | undefined;
  reverse_template?: string | undefined;
  alternative_url_templates?: string[] | undefined;
}) => ({
  exampleInput: params.example_input,
  reverseTemplate: params.reverse_template,
  alternativeUrlTemplates: params.alternative_url_templates,
});

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
  params: { pattern: text(), url_template: text(), ...extraParams },
  authorize: requireAdministrator,
  handle: ({ services, params }) => ({
    id: addLinkifier(services, params.pattern, params.url_template, extrasOf(params)),
  }),
});

export const updateLinkifierEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/realm/filters/:filter_id',
  params: { filter_id: id(), pattern: text(), url_template: text(), ...extraParams },
  authorize: requireAdministrator,
  handle: ({ services, params }) => {
    const { filter_id, pattern, url_template } = params;
    changeLinkifier(services, filter_id, pattern, url_template, extrasOf(params));
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

/** Zulip's PATCH /realm/linkifiers (feature level 202): every linkifier's ID, in the order wanted. */
export const reorderLinkifiersEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/realm/linkifiers',
  params: { ordered_linkifier_ids: required('json', z.array(z.number().int())) },
  authorize: requireAdministrator,
  handle: ({ services, params }) => {
    reorderRealmLinkifiers(services, params.ordered_linkifier_ids);
    return {};
  },
});

// Zulip 12's add_realm_playground takes a url_template (feature level 196).
export const addPlaygroundEndpoint = userEndpoint({
  method: 'POST',
  path: '/realm/playgrounds',
  params: { name: text(), url_template: text(), pygments_language: text() },
  authorize: requireAdministrator,
  handle: ({ services, params }) => ({
    id: addPlayground(services, {
      name: params.name,
      pygmentsLanguage: params.pygments_language,
      urlTemplate: params.url_template,
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
