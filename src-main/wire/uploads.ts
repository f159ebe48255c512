/**
 * The image types of Zulip's INLINE_MIME_TYPES: what a host serves for a
 * browser to show in place and a window shows from a data: URL. SVG is not
 * among them: its scripts could run, so Zulip offers it as a download.
 */
export const inlineImageTypes: ReadonlySet<string> = new Set([
  'image/apng',
  'image/avif',
  'image/bmp',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/webp',
]);
