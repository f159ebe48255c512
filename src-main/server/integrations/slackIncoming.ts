import { z } from 'zod';
import { errors } from '../errors';
import { optional } from '../http/params';
import { integration, type WebhookCall } from './integration';
import type { Payload } from './payload';

const params = { payload: optional('text', z.string()) };

// Slack's incoming webhooks take the JSON as the body, or form-encoded in a
// `payload` field; many tools speak only this format.
function readPayload(call: WebhookCall<typeof params>): Payload {
  if (call.contentType.split(';')[0]?.trim().toLowerCase() === 'application/json') {
    return call.payload();
  }
  const field = new URLSearchParams(call.body).get('payload') ?? call.options.payload;
  if (typeof field !== 'string') throw errors.missingArgument('payload');
  return call.parse(field);
}

const joinPieces = (pieces: readonly string[]) =>
  pieces
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')
    .join('\n\n');

function textObject(value: Payload, plainOnly = false): string {
  const type = value.str('type');
  if (type !== 'plain_text' && (plainOnly || type !== 'mrkdwn')) {
    throw value
      .get('type')
      .invalid(plainOnly ? 'is not plain_text' : 'is not plain_text or mrkdwn');
  }
  return value.str('text');
}

// Only images among Slack's block elements mean anything outside Slack.
function element(value: Payload): string {
  return value.str('type') === 'image'
    ? `[${value.str('alt_text')}](${value.str('image_url')})`
    : '';
}

function fieldsTable(fields: readonly string[]): string {
  // A table cell can hold neither a newline nor a pipe.
  const cells = fields.map((text) => text.replace(/\n/g, ' ').replace(/\|/g, ' '));
  let table = '| | |\n|-|-|\n';
  for (let i = 0; i < cells.length; i += 2) table += `| ${cells[i]} | ${cells[i + 1] ?? ''} |\n`;
  return table;
}

// Slack's Block Kit, as Zulip renders it (zerver/webhooks/slack_incoming).
function block(value: Payload): string {
  switch (value.str('type')) {
    case 'context': {
      const elements = value.optional('elements');
      if (!elements?.truthy) return '';
      return joinPieces(
        elements
          .list()
          .map((item) => (item.str('type') === 'image' ? element(item) : textObject(item))),
      );
    }
    case 'divider':
      return '----';
    case 'header':
      return `## ${textObject(value.get('text'), true)}`;
    case 'image': {
      const title = value.has('title')
        ? textObject(value.get('title'), true)
        : value.str('alt_text');
      return `[${title}](${value.str('image_url')})`;
    }
    case 'section': {
      const pieces: string[] = [];
      if (value.has('text')) pieces.push(textObject(value.get('text')));
      if (value.has('accessory')) pieces.push(element(value.get('accessory')));
      if (value.has('fields')) {
        const fields = value
          .get('fields')
          .list()
          .map((field) => textObject(field));
        pieces.push(fields.length === 1 ? (fields[0] ?? '') : fieldsTable(fields));
      }
      return joinPieces(pieces);
    }
    default:
      // Actions and inputs are interactive; there is nothing to show.
      return '';
  }
}

function attachment(value: Payload): string {
  const pieces: string[] = [];
  const text = (key: string) => {
    const found = value.optional(key);
    return found?.truthy ? found.string() : undefined;
  };
  const title = text('title');
  if (title !== undefined) {
    const link = text('title_link');
    pieces.push(link === undefined ? `## ${title}` : `## [${title}](${link})`);
  }
  for (const key of ['pretext', 'text']) {
    const found = text(key);
    if (found !== undefined) pieces.push(found);
  }
  const fields = value.optional('fields');
  if (fields) {
    const lines = fields.list().flatMap((field) => {
      const label = field.optional('title');
      const shown = field.optional('value');
      if (label?.truthy && shown?.truthy) return [`*${label.string()}*: ${shown.string()}`];
      if (label?.truthy) return [`*${label.string()}*`];
      if (shown?.truthy) return [shown.string()];
      return [];
    });
    pieces.push(lines.join('\n'));
  }
  const blocks = value.optional('blocks');
  if (blocks?.truthy) pieces.push(...blocks.list().map(block));
  const image = text('image_url');
  if (image !== undefined) pieces.push(`[](${image})`);
  const footer = text('footer');
  if (footer !== undefined) pieces.push(footer);
  const ts = value.optional('ts');
  if (ts?.truthy) pieces.push(`<time:${ts.int()}>`);
  return joinPieces(pieces);
}

// Slack's <url|label> links, and its *bold* and _italic_, in Zulip's Markdown.
const bold = new RegExp(
  `(?<=^|[^\\p{L}\\p{N}_])\\*(?!\\s)([^*\\n]+)(?<!\\s)\\*(?=[^\\p{L}\\p{N}_]|$)`,
  'gu',
);
const italic = new RegExp(
  `(?<=^|[^\\p{L}\\p{N}_])_(?!\\s)([^_\\n]+)(?<!\\s)_(?=[^\\p{L}\\p{N}_]|$)`,
  'gu',
);

function toZulipMarkdown(text: string): string {
  const linked = text.replace(/<(\w+?:\/\/.*?)\|(.*?)>/g, '[$2]($1)').trim();
  return linked.replace(bold, '**$1**').replace(italic, '*$1*');
}

export const slackIncoming = integration({
  urlName: 'slack_incoming',
  name: 'SlackIncoming',
  displayName: 'Slack-compatible webhook',
  allEventTypes: null,
  params,
  handle: (call) => {
    const payload = readPayload(call);
    const channel = payload.optional('channel');
    const topic =
      call.userTopic ?? (channel ? channel.string().replace(/^[@#]/, '') : '(no topic)');
    const pieces: string[] = [];
    const blocks = payload.optional('blocks');
    if (blocks?.truthy) pieces.push(...blocks.list().map(block));
    const attachments = payload.optional('attachments');
    if (attachments?.truthy) pieces.push(...attachments.list().map(attachment));
    let body = joinPieces(pieces);
    const text = payload.optional('text');
    if (body === '' && text?.truthy) {
      const emoji = payload.optional('icon_emoji');
      body = `${emoji?.truthy ? `${emoji.string()} ` : ''}${text.string()}`.trim();
    }
    return body === '' ? [] : [{ topic, content: toZulipMarkdown(body) }];
  },
});
