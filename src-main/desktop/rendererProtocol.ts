import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { fileInside } from './navigationPolicy';

// The built renderer is served from app://hearth/ rather than file://, where its
// module script would not load and every local file would share one origin.
// `stream` lets the page play the notification sounds from it.
const scheme = 'app';
export const appEntryUrl = `${scheme}://hearth/index.html`;

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

/** Serves files of `rendererDir` under app://hearth/, each with the given Content-Security-Policy. */
export function serveRenderer(rendererDir: string, csp: string): void {
  protocol.handle(scheme, async (request) => {
    const url = new URL(request.url);
    const file =
      url.host === new URL(appEntryUrl).host ? fileInside(rendererDir, url.pathname) : undefined;
    if (!file) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).href);
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', csp);
    return new Response(response.body, { status: response.status, headers });
  });
}
