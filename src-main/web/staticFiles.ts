import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { ServerResponse } from 'node:http';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

// The same policy the Electron window gets: our own scripts only, no plugins,
// no framing; the bridge socket is same-origin.
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: http: https:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Serves the built renderer; anything outside `root` is a 404, never a file. */
export async function serveStatic(
  root: string,
  path: string,
  response: ServerResponse,
): Promise<void> {
  const relative = normalize(decodeURIComponent(path === '/' ? '/index.html' : path));
  const file = join(root, relative);
  if (!file.startsWith(root + sep)) return notFound(response);
  try {
    const body = await readFile(file);
    response.writeHead(200, {
      'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream',
      'Content-Security-Policy': contentSecurityPolicy,
      'X-Content-Type-Options': 'nosniff',
    });
    response.end(body);
  } catch {
    notFound(response);
  }
}

function notFound(response: ServerResponse): void {
  response.writeHead(404, { 'Content-Type': 'text/plain' });
  response.end('Not found');
}
