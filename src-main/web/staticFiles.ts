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
  '.wav': 'audio/wav',
  '.json': 'application/json',
};

/** Serves the built renderer; anything outside `root` is a 404, never a file. */
export async function serveStatic(
  root: string,
  path: string,
  response: ServerResponse,
  contentSecurityPolicy: string,
): Promise<void> {
  try {
    const file = join(root, normalize(decodeURIComponent(path === '/' ? '/index.html' : path)));
    if (!file.startsWith(root + sep)) return notFound(response);
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
