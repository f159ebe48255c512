import type { AppState, BridgeService } from '../../../src-preload/bridge';
import { soundPath } from '../../wire';
import type { HearthApp } from '../app/hearthApp';
import type { PageNotifier } from '../ports/notifier';
import { appHandlers } from './appHandlers';
import { botHandlers } from './botHandlers';
import { allHandlers } from './callHandlers';
import { composeHandlers } from './composeHandlers';
import { hostingHandlers } from './hostingHandlers';
import { messageHandlers } from './messageHandlers';
import { organizationHandlers } from './organizationHandlers';
import { settingsHandlers } from './settingsHandlers';
import { statePush } from './statePush';
import { streamHandlers } from './streamHandlers';
import { uploadHandlers } from './uploadHandlers';
import { viewHandlers } from './viewHandlers';

export { BridgeArgumentError } from './callArgs';

const stateTiming = { gapMs: 250, maxMs: 500 };

/**
 * The bridge contract, served by the whole app: every call acts on the account
 * in the window. What `page` is handed (sounds; in the browser harness,
 * notifications too) is pushed to the window.
 */
export function createBridgeService(app: HearthApp, page?: PageNotifier): BridgeService {
  return {
    ...allHandlers(
      appHandlers(app),
      viewHandlers(app),
      composeHandlers(app),
      messageHandlers(app),
      settingsHandlers(app),
      botHandlers(app),
      streamHandlers(app),
      organizationHandlers(app),
      hostingHandlers(app),
      uploadHandlers(app),
    ),
    subscribe(push) {
      // The app state as last emitted: computing it reads every account's counts.
      const appState = statePush<AppState>(stateTiming, (state) => push('appState', state));
      // The snapshot is read when it goes; an account closed meanwhile has none.
      const snapshot = statePush(stateTiming, () => {
        const active = app.activeOrNull();
        if (active) push('snapshot', active.snapshot());
      });
      // A busy host logs many lines a second; the page asks again at most every half second.
      const hosting = statePush(stateTiming, () => push('hosting', { at: Date.now() }));
      const stops = [
        appState.stop,
        snapshot.stop,
        hosting.stop,
        app.on('appState', appState.request),
        app.on('snapshot', snapshot.request),
        app.on('feed', (change) => {
          push('feed', change);
          appState.ride();
          snapshot.ride();
        }),
        app.on('outbox', ({ accountId }) =>
          push('outbox', { accountId, entries: app.active().outboxEntries() }),
        ),
        app.on('navigate', (target) => push('navigate', target)),
        app.on('hosting', () => hosting.request()),
        app.on('invitation', (invitation) => push('invitation', invitation)),
        app.on('typing', (typing) => push('typing', typing)),
        app.on('uploadProgress', (progress) => push('uploadProgress', progress)),
        app.on('drafts', ({ accountId }) =>
          push('drafts', { accountId, drafts: app.active().drafts() }),
        ),
        ...(page
          ? [
              page.on('notification', (alert) => push('notification', alert)),
              page.on('sound', ({ sound }) => push('sound', { sound, path: soundPath(sound) })),
            ]
          : []),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    },
  };
}
