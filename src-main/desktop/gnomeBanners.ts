import { execFile } from 'node:child_process';

/** gsettings prints a boolean key as `true` or `false`. */
export const bannersOff = (output: string): boolean => output.trim() === 'false';

/**
 * Follows GNOME's own do-not-disturb (org.gnome.desktop.notifications
 * show-banners), asking gsettings now and then: a desktop without it, or
 * without GNOME's schema, is never quiet.
 */
export function watchGnomeBanners(checkEveryMs = 20_000): { quiet(): boolean; stop(): void } {
  let quiet = false;
  let timer: NodeJS.Timeout | undefined;
  const check = () =>
    execFile(
      'gsettings',
      ['get', 'org.gnome.desktop.notifications', 'show-banners'],
      { timeout: 5_000 },
      (error, stdout) => {
        if (error) {
          quiet = false;
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') clearInterval(timer);
          return;
        }
        quiet = bannersOff(stdout);
      },
    );
  if (process.platform === 'linux') {
    check();
    timer = setInterval(check, checkEveryMs);
    timer.unref();
  }
  return { quiet: () => quiet, stop: () => clearInterval(timer) };
}
