import { app, nativeImage, Notification, type BrowserWindow } from 'electron';
import type { Notifier } from '../client/ports/notifier';
import { keepNewest } from '../client/keepNewest';
import { mt } from '../i18n/mainText';
import { badgeBitmap } from './badgeIcon';

export interface ElectronNotifierOptions {
  /** The window's notifier, which plays the sounds. */
  page: Notifier;
  window: () => BrowserWindow | null;
  /** A notification was clicked (HearthApp.openAlert). */
  onClick: (id: string) => void;
}

// Electron forgets the click handler of a notification it has collected, so
// the ones on screen are held; the OS keeps only a few anyway.
const heldNotifications = 50;

/**
 * The desktop adapter of the notifier port: native notifications, always
 * silent, since the window plays the user's chosen sound; the dock or
 * taskbar badge, or on Windows an overlay icon with the count; the flash of
 * the taskbar button, or the dock's bounce.
 */
export function electronNotifier({ page, window, onClick }: ElectronNotifierOptions): Notifier {
  const held = new Set<Notification>();
  const flashing = new WeakSet<BrowserWindow>();
  return {
    show(alert) {
      if (!Notification.isSupported()) return;
      const notification = new Notification({ title: alert.title, body: alert.body, silent: true });
      held.add(notification);
      keepNewest(held, heldNotifications);
      notification.on('close', () => held.delete(notification));
      notification.on('click', () => {
        held.delete(notification);
        const shown = window();
        if (shown) {
          if (shown.isMinimized()) shown.restore();
          shown.show();
          shown.focus();
        }
        onClick(alert.id);
      });
      notification.show();
    },
    play: (sound) => page.play(sound),
    badge(count) {
      if (process.platform !== 'win32') {
        app.setBadgeCount(count);
        return;
      }
      const bitmap = badgeBitmap(count);
      window()?.setOverlayIcon(
        count > 0 ? nativeImage.createFromBitmap(bitmap.data, bitmap) : null,
        count > 0 ? mt('main.badge.unread', { count }) : '',
      );
    },
    flash() {
      // One bounce: the critical kind bounces on until the app is active, too insistent for chat.
      if (process.platform === 'darwin') {
        app.dock?.bounce('informational');
        return;
      }
      const shown = window();
      if (!shown || flashing.has(shown)) return;
      // Windows flashes the button until told to stop: it stops once the person comes to the window.
      flashing.add(shown);
      shown.flashFrame(true);
      shown.once('focus', () => {
        flashing.delete(shown);
        shown.flashFrame(false);
      });
    },
  };
}
