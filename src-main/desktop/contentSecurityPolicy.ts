export interface PolicyOptions {
  /** Origins message HTML may show images from (the servers of the signed-in accounts). */
  imageOrigins: readonly string[];
  /** The Vite dev server injects styles inline and keeps a WebSocket open for reloads. */
  devServer?: string;
}

/** The renderer's Content-Security-Policy: only the app's own scripts run, and it talks to nobody but main. */
export function contentSecurityPolicy({ imageOrigins, devServer }: PolicyOptions): string {
  const devSocket = devServer ? `ws://${new URL(devServer).host}` : undefined;
  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': devServer ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    'img-src': ["'self'", 'data:', ...imageOrigins],
    'font-src': ["'self'"],
    'media-src': ["'self'"],
    'connect-src': devSocket ? ["'self'", devSocket] : ["'self'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
