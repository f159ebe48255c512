import { app, type BrowserWindow } from 'electron';
import electronUpdater from 'electron-updater';
import type { AppState } from '../../src-preload/bridge';
import {
  systemTimers,
  UpdatePolicy,
  type UpdateChoice,
  type UpdateNotice,
} from '../client/preferences/updatePolicy';
import { mt } from '../i18n/mainText';
import { messageBox } from './nativeConfirm';

interface UpdatingApp {
  appState(): AppState;
  systemConfig(): { autoUpdate: boolean };
  on(event: 'appState', listener: (state: AppState) => void): () => void;
}

// The feed is the one the release was built with (electron-builder's
// `publish`, written into app-update.yml), never one named at run time.
// electron-updater checks each download's sha512 against the feed's
// latest*.yml and, on Windows and macOS, the new build's code signature
// against the running one's publisher. On Linux only the AppImage updates
// itself, checked by that sha512 alone; a deb or rpm would be installed as
// root unsigned, so those stay with the system's package manager.
const updatesItself = (): boolean =>
  app.isPackaged && (process.platform !== 'linux' || process.env.APPIMAGE !== undefined);

async function askToRestart(
  window: BrowserWindow | null,
  notice: UpdateNotice,
): Promise<UpdateChoice> {
  const response = await messageBox(window, {
    type: 'info',
    buttons: [mt('main.update.restart'), mt('main.update.later')],
    defaultId: 0,
    cancelId: 1,
    noLink: true,
    message: notice.message,
    detail: notice.detail,
  });
  return response === 0 ? 'restart' : 'later';
}

/** Wires electron-updater to the update policy; answers how to stop it. */
export function startAutoUpdate(
  hearth: UpdatingApp,
  window: () => BrowserWindow | null,
): () => void {
  if (!updatesItself()) return () => undefined;
  const { autoUpdater } = electronUpdater;
  autoUpdater.autoDownload = true;
  const situation = (state: AppState) => ({
    hosting: state.hosting !== null,
    updateWhileHosting: state.preferences.updateWhileHosting,
  });
  const policy = new UpdatePolicy({
    updater: {
      check: async () => {
        await autoUpdater.checkForUpdates();
      },
      installNow: () => autoUpdater.quitAndInstall(),
      installOnQuit: (on) => (autoUpdater.autoInstallOnAppQuit = on),
    },
    timers: systemTimers,
    situation: () => situation(hearth.appState()),
    autoUpdate: hearth.systemConfig().autoUpdate,
    ask: (notice) => askToRestart(window(), notice),
    log: (line) => console.warn(`[hearth] ${line}`),
  });
  const downloaded = ({ version }: { version: string }) => policy.downloaded(version);
  const failed = (error: Error) => console.warn(`[hearth] update: ${error.message}`);
  autoUpdater.on('update-downloaded', downloaded);
  autoUpdater.on('error', failed);
  const stopListening = hearth.on('appState', () => policy.situationChanged());
  policy.start();
  return () => {
    policy.stop();
    stopListening();
    autoUpdater.off('update-downloaded', downloaded);
    autoUpdater.off('error', failed);
  };
}
