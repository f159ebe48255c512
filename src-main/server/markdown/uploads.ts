import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { escapeAttribute } from './escape';
import { renderEnv } from './lookups';

// A link to a file uploaded here: Zulip's /user_uploads/<path_id>.
const uploadLink = /^\/user_uploads\/(\d+\/[^?#]+)$/;
// Zulip's is_image: the extensions it previews inline.
const imageExtension = /\.(bmp|gif|jpe?g|png|webp)$/i;

function uploadPathOf(href: string): string | null {
  const path = uploadLink.exec(href)?.[1];
  if (path === undefined) return null;
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** The text of the link that opens at `open`, as its children spell it. */
function linkText(children: readonly Token[], open: number): string {
  let text = '';
  for (let i = open + 1; i < children.length && children[i]?.type !== 'link_close'; i++) {
    text += children[i]?.content ?? '';
  }
  return text;
}

/**
 * Notes the uploads a message links (which the message then claims, as
 * Zulip's do_claim_attachments), and shows each linked image after its
 * paragraph, in the block Zulip's inline image preview renders.
 */
function uploadedImages(state: StateCore): void {
  const env = renderEnv(state.env);
  const tokens = state.tokens;
  for (let index = 0; index < tokens.length; index++) {
    const children = tokens[index]?.type === 'inline' ? tokens[index]?.children : null;
    if (!children) continue;
    const previews: string[] = [];
    children.forEach((token, at) => {
      if (token.type !== 'link_open') return;
      const href = String(token.attrGet('href') ?? '');
      const path = uploadPathOf(href);
      if (path === null) return;
      env.uploadPaths.add(path);
      if (!imageExtension.test(path)) return;
      const url = escapeAttribute(href);
      previews.push(
        `<div class="message_inline_image"><a href="${url}" title="${escapeAttribute(linkText(children, at))}"><img src="${url}"></a></div>`,
      );
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
  md.core.ruler.push('uploaded_images', uploadedImages);
}
