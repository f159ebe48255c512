import type { DisplaySettings } from '../../../src-preload/bridge';

/**
 * Puts the display settings on the page's root, where app.css reads them:
 * `data-theme` when the user chose light or dark over the system's scheme,
 * and `spacious-feed` when Zulip's dense_mode is off. Null (no account
 * shown yet) leaves Zulip's defaults: the system's scheme, a dense feed.
 */
export function applyAppearance(root: HTMLElement, display: DisplaySettings | null): void {
  const theme = display?.theme ?? 'automatic';
  if (theme === 'automatic') delete root.dataset['theme'];
  else root.dataset['theme'] = theme;
  root.classList.toggle('spacious-feed', display?.denseMode === false);
}
