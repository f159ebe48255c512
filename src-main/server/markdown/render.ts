import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { alertedUserIds } from './alertWords';
import { codeBlocks } from './codeBlocks';
import { emojiNames } from './emoji';
import { zulipEmphasis } from './emphasis';
import { escapeText } from './escape';
import { fencedBlocks } from './fencedBlocks';
import { zulipLinks } from './links';
import { linkifiers } from './linkifiers';
import { zulipLists } from './lists';
import { noLookups, type MarkdownLookups, type RenderedMessage, type RenderEnv } from './lookups';
import { inlineMath } from './math';
import { userMentions } from './mentions';
import { streamLinks } from './streamLinks';
import { tableAlignment } from './tables';
import { timestamps } from './timestamps';
import { uploads } from './uploads';

// Zulip's dialect: no raw HTML, no reference links or setext headings, and
// newlines inside a paragraph are line breaks.
const md = new MarkdownIt('zero', { html: false, linkify: true, breaks: true })
  .enable(['paragraph', 'heading', 'hr', 'table', 'code', 'fence', 'blockquote', 'list'])
  .enable(['newline', 'escape', 'entity', 'emphasis', 'backticks', 'link', 'image', 'linkify'])
  .use(fencedBlocks)
  .use(codeBlocks)
  .use(inlineMath)
  .use(zulipEmphasis)
  .use(zulipLinks)
  .use(userMentions)
  .use(streamLinks)
  .use(emojiNames)
  .use(timestamps)
  .use(zulipLists)
  .use(tableAlignment)
  .use(uploads)
  .use(linkifiers);

const textOf = (tokens: Token[], index: number) => escapeText(tokens[index]?.content ?? '');
md.renderer.rules.text = textOf;
md.renderer.rules.code_inline = (tokens, index) => `<code>${textOf(tokens, index)}</code>`;

/** Renders a message as Zulip would, with what it mentions. */
export function renderMessageContent(content: string, lookups: MarkdownLookups): RenderedMessage {
  const env: RenderEnv = {
    lookups,
    mentionedUserIds: new Set(),
    wildcardMentioned: false,
    topicWildcardMentioned: false,
    mentionedGroupIds: new Set(),
    mentioningGroupOf: new Map(),
    uploadPaths: new Set(),
  };
  const html = md.render(content, env).trimEnd();
  return {
    html,
    mentionedUserIds: env.mentionedUserIds,
    wildcardMentioned: env.wildcardMentioned,
    topicWildcardMentioned: env.topicWildcardMentioned,
    mentionedGroupIds: env.mentionedGroupIds,
    mentioningGroupOf: env.mentioningGroupOf,
    // Zulip's status messages: the HTML keeps `/me`, clients replace it with the sender's name.
    isMeMessage: content.startsWith('/me '),
    uploadPaths: env.uploadPaths,
    alertedUserIds: alertedUserIds(content, lookups.alertWords()),
  };
}

/**
 * The web address a message would link at the very start of `piece`, for
 * Zulip's topic_links.
 */
export function webLinkAt(piece: string): { text: string; url: string } | null {
  const match = md.linkify.match(piece)?.[0];
  if (!match || match.index !== 0 || match.schema === 'mailto:') return null;
  // Zulip gives `https` to one without a scheme, `//host/path` included.
  const url =
    match.schema === ''
      ? `https://${match.raw}`
      : match.schema === '//'
        ? `https:${match.raw}`
        : match.raw;
  return { text: match.raw, url };
}

/** Renders Markdown that mentions nobody, such as a stream description. */
export function renderMarkdown(content: string): string {
  return renderMessageContent(content, noLookups).html;
}

/**
 * Builds what markdown-it and linkify-it otherwise build on first use (the
 * link patterns over every top-level domain, most of all), so that the first
 * message after a start does not wait for it: sent to a big stream, it held
 * the event loop for over ten milliseconds more than any message after it.
 */
export function prepareRenderer(): void {
  renderMarkdown(
    '**Hearth** is `ready`: *see* https://hearth.example and [this](https://example.com)',
  );
}
