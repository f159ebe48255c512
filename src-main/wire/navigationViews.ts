/**
 * One of Zulip's navigation views (feature level 390): a view of the web app
 * by its URL fragment, pinned or not, with a name unless it is built in.
 */
export interface NavigationView {
  fragment: string;
  is_pinned: boolean;
  name: string | null;
}
