import { session as electronSession, type DownloadItem } from 'electron';
import type { SaveDownload } from '../client/ports/downloadPort';
import { mt } from '../i18n/mainText';

const endings = {
  cancelled: 'main.download.cancelled',
  interrupted: 'main.download.interrupted',
} as const;

/**
 * Files saved from messages, fetched by Chromium's download code, which marks
 * them as coming from the internet (macOS's quarantine attribute, Windows'
 * Zone.Identifier). They run in a session of their own, in memory, so that
 * nothing the window's session might download is taken for one of them.
 */
export function electronDownloads(
  // A download that Chromium never starts (it may drop one before any answer)
  // must not keep the person waiting for good.
  startTimeoutMs = 60_000,
): SaveDownload {
  const session = electronSession.fromPartition('hearth-downloads');
  const waiting = new Map<string, ((item: DownloadItem) => void)[]>();

  session.on('will-download', (event, item) => {
    // Read back as the request was keyed, whatever spelling Chromium keeps.
    const url = new URL(item.getURLChain()[0] ?? item.getURL()).href;
    const queue = waiting.get(url);
    const take = queue?.shift();
    if (queue?.length === 0) waiting.delete(url);
    if (take) take(item);
    else event.preventDefault();
  });

  return ({ url, path }) =>
    new Promise((resolve, reject) => {
      const href = new URL(url).href;
      const timer = setTimeout(() => {
        const queue = waiting.get(href);
        const at = queue?.indexOf(take) ?? -1;
        if (at >= 0) queue?.splice(at, 1);
        if (queue?.length === 0) waiting.delete(href);
        reject(new Error(mt('main.download.notStarted')));
      }, startTimeoutMs);
      const take = (item: DownloadItem) => {
        clearTimeout(timer);
        item.setSavePath(path);
        item.once('done', (_event, state) => {
          if (state === 'completed') resolve(item.getSavePath());
          else reject(new Error(mt(endings[state])));
        });
      };
      waiting.set(href, [...(waiting.get(href) ?? []), take]);
      session.downloadURL(href);
    });
}
