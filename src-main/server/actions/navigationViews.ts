import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import {
  deleteNavigationView,
  insertNavigationView,
  navigationViewNamed,
  navigationViewOf,
  updateNavigationView,
} from '../store/navigationViews';
import type { UserRow } from '../store/users';

// Zulip's BUILT_IN_VIEW_FRAGMENTS: the views of its web app, which a user may
// pin or unpin but not name.
const builtInFragments: ReadonlySet<string> = new Set([
  'inbox',
  'recent',
  'feed',
  'drafts',
  'narrow/has/reaction/sender/me',
  'narrow/is/mentioned',
  'narrow/is/starred',
]);

const alreadyExists = () => errors.badRequest('Navigation view already exists.');
const doesNotExist = () => errors.notFound('Navigation view does not exist.');
const builtInNamed = () => errors.badRequest('Built-in views cannot have a custom name.');

const announce = (services: Services, user: UserRow, event: Record<string, unknown>) =>
  services.queues.notify(plainNotice('navigation_view', event), [user.id]);

/**
 * Zulip's add_navigation_view (feature level 390): a built-in view takes no
 * name, any other needs one; neither its fragment nor its name may repeat one
 * of the user's views. Trimmed values are given.
 */
export function addNavigationView(
  services: Services,
  user: UserRow,
  view: { fragment: string; isPinned: boolean; name: string | null },
): void {
  const { sql } = services;
  if (builtInFragments.has(view.fragment)) {
    if (view.name !== null) throw builtInNamed();
  } else if (view.name === null) {
    throw errors.badRequest('Custom views must have a valid name.');
  }
  const added = { fragment: view.fragment, is_pinned: view.isPinned, name: view.name };
  sql.transaction(() => {
    if (navigationViewOf(sql, user.id, view.fragment)) throw alreadyExists();
    if (view.name !== null && navigationViewNamed(sql, user.id, view.name)) throw alreadyExists();
    insertNavigationView(sql, user.id, added);
  });
  announce(services, user, { op: 'add', navigation_view: added });
}

/** Zulip's update_navigation_view: only what is given changes, and the event says only that. */
export function editNavigationView(
  services: Services,
  user: UserRow,
  fragment: string,
  changes: { isPinned: boolean | null; name: string | null },
): void {
  const { sql } = services;
  if (builtInFragments.has(fragment) && changes.name !== null) throw builtInNamed();
  sql.transaction(() => {
    if (changes.name !== null && navigationViewNamed(sql, user.id, changes.name)) {
      throw alreadyExists();
    }
    if (!navigationViewOf(sql, user.id, fragment)) throw doesNotExist();
    updateNavigationView(sql, user.id, fragment, changes);
  });
  const data = {
    ...(changes.name === null ? {} : { name: changes.name }),
    ...(changes.isPinned === null ? {} : { is_pinned: changes.isPinned }),
  };
  announce(services, user, { op: 'update', fragment, data });
}

export function removeNavigationView(services: Services, user: UserRow, fragment: string): void {
  const { sql } = services;
  sql.transaction(() => {
    if (!navigationViewOf(sql, user.id, fragment)) throw doesNotExist();
    deleteNavigationView(sql, user.id, fragment);
  });
  announce(services, user, { op: 'remove', fragment });
}
