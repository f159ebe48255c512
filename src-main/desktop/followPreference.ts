import type { AppState } from '../../src-preload/bridge';
import type { HearthApp } from '../client/app/hearthApp';

/**
 * Hands Electron `pick` of the app's state now, and again whenever it
 * changes; returns what stops it. The app's state changes with every unread
 * count, the preferences a desktop call follows seldom: a call (a file
 * written, dictionaries loaded) is made only when its value moved.
 */
export function followPreference<T>(
  hearth: Pick<HearthApp, 'appState' | 'on'>,
  pick: (state: AppState) => T,
  apply: (value: T) => void,
): () => void {
  const first = pick(hearth.appState());
  let applied = JSON.stringify(first);
  apply(first);
  return hearth.on('appState', (state) => {
    const value = pick(state);
    const key = JSON.stringify(value);
    if (key === applied) return;
    applied = key;
    apply(value);
  });
}
