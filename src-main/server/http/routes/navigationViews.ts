import { z } from 'zod';
import {
  addNavigationView,
  editNavigationView,
  removeNavigationView,
} from '../../actions/navigationViews';
import { navigationViewsOf } from '../../store/navigationViews';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

// Zulip's /navigation_views views (feature level 390). A fragment is a path
// of the web app ("narrow/is/starred"), so it is the rest of the URL; it and
// a name are trimmed and must not be empty, as Zulip's StringConstraints say.
const trimmed = () =>
  z.string().trim().min(1, { message: 'String should have at least 1 character' });
const fragmentInPath = { '*': required('text', trimmed()) };

export const getNavigationViewsEndpoint = userEndpoint({
  method: 'GET',
  path: '/navigation_views',
  params: {},
  handle: ({ services, user }) => ({
    navigation_views: navigationViewsOf(services.sql, user.id),
  }),
});

export const addNavigationViewEndpoint = userEndpoint({
  method: 'POST',
  path: '/navigation_views',
  params: {
    fragment: required('text', trimmed()),
    is_pinned: required('json', z.boolean()),
    name: optional('text', trimmed()),
  },
  handle: ({ services, user, params }) => {
    addNavigationView(services, user, {
      fragment: params.fragment,
      isPinned: params.is_pinned,
      name: params.name ?? null,
    });
    return {};
  },
});

export const editNavigationViewEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/navigation_views/*',
  params: {
    ...fragmentInPath,
    is_pinned: optional('json', z.boolean()),
    name: optional('text', trimmed()),
  },
  handle: ({ services, user, params }) => {
    editNavigationView(services, user, params['*'], {
      isPinned: params.is_pinned ?? null,
      name: params.name ?? null,
    });
    return {};
  },
});

export const removeNavigationViewEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/navigation_views/*',
  params: fragmentInPath,
  handle: ({ services, user, params }) => {
    removeNavigationView(services, user, params['*']);
    return {};
  },
});
