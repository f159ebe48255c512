import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { escapeAttribute } from './escape';
import { renderEnv, type UploadedFile } from './lookups';

// A link to a file uploaded here: Zulip's /user_uploads/<path_id>.
const uploadLink = /^\/user_uploads\/(\d+\/[^?#]+)$/;
// Zulip's is_video: the containers every browser plays, by the link's
// extension (QuickTime's since Zulip 12, feature level 495).
const videoExtension = /\.(mp4|webm|mov)$/i;
// Zulip's AUDIO_INLINE_MIME_TYPES, and the extensions Python names them by.
const audioTypes = new Set([
  'audio/aac',
  'audio/flac',
  'audio/mp4',
  'audio/mpeg',
  'audio/wav',
  'audio/webm',
]);
const audioExtension = /\.(aac|flac|m4a|mp2|mp3|wav|weba)$/i;
// Zulip's INLINE_PREVIEW_LIMIT_PER_MESSAGE: a message linking more previews none.
const previewLimit = 24;

function uploadPathOf(href: string): string | null {
  const path = uploadLink.exec(href)?.[1];
  if (path === undefined) return null;
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** Where the link that opens at `open` closes. */
function linkClose(children: readonly Token[], open: number): number {
  let close = open + 1;
  while (close < children.length && children[close]?.type !== 'link_close') close++;
  return close;
}

/** The text of the link between `open` and `close`, as its children spell it. */
function linkText(children: readonly Token[], open: number, close: number): string {
  return children
    .slice(open + 1, close)
    .map((token) => token.content)
    .join('');
}

type ImageFile = UploadedFile & { image: NonNullable<UploadedFile['image']> };

/** What Zulip's image markup says of the original: whether it moves, its type and its size. */
function originalAttributes({ contentType, image }: ImageFile): string {
  const animated = image.animated ? ' data-animated="true"' : '';
  return (
    `${animated} data-original-content-type="${escapeAttribute(contentType)}"` +
    ` data-original-dimensions="${image.width}x${image.height}"`
  );
}

const isImage = (file: UploadedFile | undefined): file is ImageFile => !!file?.image;

/**
 * Zulip's preview of an uploaded image, as the host leaves it: Zulip 9's
 * thumbnailed form, with the original's size (feature level 276) and type
 * (336), showing the original itself, since the host makes no thumbnails.
 */
function imagePreview(url: string, title: string | null, file: ImageFile): string {
  return (
    `<div class="message_inline_image"><a href="${url}"${title === null ? '' : ` title="${title}"`}>` +
    `<img${originalAttributes(file)} src="${url}"></a></div>`
  );
}

const videoPreview = (url: string, title: string | null) =>
  `<div class="message_inline_image message_inline_video"><a href="${url}"${title ? ` title="${title}"` : ''}>` +
  `<video preload="metadata" src="${url}"></video></a></div>`;

/**
 * Zulip 12's media syntax, `![text](url)` (feature levels 437 and 467): an
 * audio file plays where it stands (405), an uploaded image stands in the
 * text (the host showing the original, as in its previews), and anything
 * else is a `!` before a link, as Zulip reads it when no media matches.
 */
function mediaToken(state: StateCore, image: Token): Token[] {
  const env = renderEnv(state.env);
  const src = String(image.attrGet('src') ?? '');
  const path = uploadPathOf(src);
  if (path !== null) env.uploadPaths.add(path);
  const file = path === null ? undefined : env.lookups.uploadedFile(path);
  const text = image.content.trim();
  const url = escapeAttribute(src);
  const html = new state.Token('html_inline', '', 0);
  const playable =
    path === null ? audioExtension.test(src) : audioTypes.has(file?.contentType ?? '');
  if (playable) {
    const title = text === '' ? '' : ` title="${escapeAttribute(text)}"`;
    html.content = `<audio controls preload="metadata" src="${url}"${title}></audio>`;
    return [html];
  }
  if (isImage(file)) {
    const title = image.attrGet('title')?.toString() ?? null;
    html.content =
      `<img alt="${escapeAttribute(image.content)}" class="inline-image"${originalAttributes(file)}` +
      ` data-original-src="${url}" src="${url}"${title === null ? '' : ` title="${escapeAttribute(title)}"`}>`;
    return [html];
  }
  const bang = new state.Token('text', '', 0);
  bang.content = '!';
  const open = new state.Token('link_open', 'a', 1);
  open.attrs = [['href', src]];
  const close = new state.Token('link_close', 'a', -1);
  return [bang, open, ...(image.children ?? []), close];
}

function mediaSyntax(state: StateCore): void {
  for (const block of state.tokens) {
    const children = block.type === 'inline' ? block.children : null;
    if (!children?.some((token) => token.type === 'image')) continue;
    block.children = children.flatMap((token) =>
      token.type === 'image' ? mediaToken(state, token) : [token],
    );
  }
}

/**
 * Notes the uploads a message links (which the message then claims, as
 * Zulip's do_claim_attachments), and shows each linked image and video
 * after its paragraph, in the blocks Zulip's inline previews render: once
 * each, none in a quote, and none at all past Zulip's limit per message.
 */
function uploadedPreviews(state: StateCore): void {
  const env = renderEnv(state.env);
  const tokens = state.tokens;
  const linked = new Set<string>();
  let linksUpload = false;
  let quoted = 0;
  for (const token of tokens) {
    if (token.type === 'blockquote_open') quoted++;
    else if (token.type === 'blockquote_close') quoted--;
    else if (token.type === 'inline') {
      for (const child of token.children ?? []) {
        if (child.type !== 'link_open') continue;
        const href = String(child.attrGet('href') ?? '');
        if (quoted === 0) linked.add(href);
        linksUpload ||= uploadLink.test(href);
      }
    }
  }
  // Most messages link no upload: nothing to claim or preview.
  if (!linksUpload) return;
  const previewing = linked.size <= previewLimit;
  const previewed = new Set<string>();
  quoted = 0;
  for (let index = 0; index < tokens.length; index++) {
    const type = tokens[index]?.type;
    if (type === 'blockquote_open') quoted++;
    if (type === 'blockquote_close') quoted--;
    const children = type === 'inline' ? tokens[index]?.children : null;
    if (!children) continue;
    const previews: string[] = [];
    children.forEach((token, at) => {
      if (token.type !== 'link_open') return;
      const href = String(token.attrGet('href') ?? '');
      const path = uploadPathOf(href);
      if (path === null) return;
      env.uploadPaths.add(path);
      if (!previewing || quoted > 0 || previewed.has(href)) return;
      previewed.add(href);
      const text = linkText(children, at, linkClose(children, at));
      // Zulip names the preview by the link's text, unless that is the address itself.
      const title = text === href ? null : escapeAttribute(text);
      const url = escapeAttribute(href);
      const file = env.lookups.uploadedFile(path);
      if (isImage(file)) previews.push(imagePreview(url, title, file));
      else if (videoExtension.test(path)) previews.push(videoPreview(url, title));
    });
    if (previews.length === 0) continue;
    // After the block that holds the links: the inline run's closing token.
    const level = (tokens[index]?.level ?? 0) - 1;
    const close = tokens.findIndex((token, at) => at > index && token.level === level);
    const block = new state.Token('html_block', '', 0);
    block.content = `${previews.join('')}\n`;
    tokens.splice(close === -1 ? tokens.length : close + 1, 0, block);
  }
}

export function uploads(md: MarkdownIt): void {
  md.core.ruler.after('inline', 'media_syntax', mediaSyntax);
  md.core.ruler.push('uploaded_previews', uploadedPreviews);
}
