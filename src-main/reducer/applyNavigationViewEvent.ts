import type { QueuedEvent } from '../wire';
import type { NavigationView } from '../wire/navigationViews';

/** A `navigation_view` event: a new view joins the end, an update changes what it names, a removal drops it. */
export function applyNavigationViewEvent(
  views: NavigationView[],
  event: QueuedEvent,
): NavigationView[] {
  switch (event.op) {
    case 'add':
      return [...views, event.navigation_view as NavigationView];
    case 'update': {
      const data = event.data as Partial<NavigationView>;
      return views.map((view) => (view.fragment === event.fragment ? { ...view, ...data } : view));
    }
    case 'remove':
      return views.filter((view) => view.fragment !== event.fragment);
    default:
      return views;
  }
}
