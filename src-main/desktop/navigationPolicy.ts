import { isAbsolute, relative, resolve } from 'node:path';

// One rule, for the window's links and for the desktop's: client/links/linkTargets.ts.
export { isExternalLink } from '../client/links/linkTargets';

const parse = (url: string): URL | undefined => {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
};

/**
 * Whether `url` belongs to the app itself. Compared by scheme and host, because
 * `URL.origin` is "null" for custom schemes such as app://.
 */
export const isAppUrl = (url: string, appUrl: string): boolean => {
  const candidate = parse(url);
  const app = parse(appUrl);
  return !!candidate && !!app && candidate.protocol === app.protocol && candidate.host === app.host;
};

/** The file under `root` that a URL path names, or undefined if the path would leave `root`. */
export const fileInside = (root: string, urlPath: string): string | undefined => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const file = resolve(root, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  const rel = relative(root, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? file : undefined;
};
