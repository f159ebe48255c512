import { ApiError } from '../errors';
import {
  integration,
  UnsupportedEventError,
  type People,
  type WebhookMessage,
} from './integration';
import { endSentence } from './git';
import type { Payload } from './payload';

// Events Zulip's Jira view answers with success and posts nothing for.
const IGNORED_EVENTS: ReadonlySet<string> = new Set([
  'attachment_created',
  'issuelink_created',
  'issuelink_deleted',
  'jira:version_released',
  'jira:worklog_updated',
  'sprint_closed',
  'sprint_started',
  'worklog_created',
  'worklog_updated',
]);

/** Zulip's AnomalousWebhookPayloadError: a payload that names no event at all. */
const anomalousPayload = () =>
  new ApiError(
    'Unable to parse request: Did Jira generate this event?',
    'ANOMALOUS_WEBHOOK_PAYLOAD',
  );

/**
 * Zulip's get_in: the value down `keys`, or undefined where a key is missing
 * or a step is not an object. Only the value found must be of the right type.
 */
function find(payload: Payload, keys: readonly string[]): Payload | undefined {
  let value = payload;
  for (const key of keys) {
    if (!value.has(key)) return undefined;
    value = value.get(key);
  }
  return value;
}

const textAt = (payload: Payload, keys: readonly string[], fallback = ''): string =>
  find(payload, keys)?.string() ?? fallback;

// Python's str() of a value Zulip reads with .get(): absent or null is None.
const nullableText = (payload: Payload, key: string): string | null =>
  payload.has(key) ? payload.get(key).nullableString() : null;

function eventType(payload: Payload): string | undefined {
  const event = payload.optional('webhookEvent')?.string();
  // Old Jira servers sent transitions without naming the event.
  if (event === undefined && payload.optional('transition')?.truthy) return 'jira:issue_updated';
  return event;
}

// Some old Jira versions send comment events without the issue: Zulip then
// takes the issue's internal number from the comment's URL.
function issueId(payload: Payload): string {
  if (!payload.has('issue')) {
    const self = payload.get('comment').get('self');
    const id = self.string().split('/').at(-3);
    if (id === undefined) throw self.invalid('is not the URL of a comment on an issue');
    return id;
  }
  return textAt(payload, ['issue', 'key']);
}

function issueTitle(payload: Payload): string {
  if (!payload.has('issue')) return 'Upgrade Jira to get the issue title here.';
  return textAt(payload, ['issue', 'fields', 'summary']);
}

/**
 * The issue with its title, linked to its /browse/ page, which Zulip guesses
 * from the issue's REST URL since the payload carries no page link.
 */
function issueLink(payload: Payload, id = issueId(payload)): string {
  const text = `${id}: ${issueTitle(payload)}`;
  const base = /^([^\n]*)\/rest\/api\//.exec(textAt(payload, ['issue', 'self']));
  return base ? `[${text}](${base[1] ?? ''}/browse/${id})` : text;
}

/** Zulip bolds the assignee, by their name when a user has that email, else by the email. */
const assigneeMention = (email: string, people: People): string =>
  email === '' ? '' : `**${people.nameByEmail(email) ?? email}**`;

/** Zulip's convert_jira_markup: Jira's wiki markup, roughly, as Zulip Markdown. */
function jiraMarkupToMarkdown(body: string, people: People): string {
  let content = body
    .replace(/\*([^*]+)\*/g, '**$1**')
    .replace(/\{\{([^*]+?)\}\}/g, '`$1`')
    .replace(/bq\. ([^\n]*)/g, '> $1')
    .replace(/\{quote\}([\s\S]*?)\{quote\}/g, '~~~ quote\n$1\n~~~')
    .replace(/\{noformat\}([\s\S]*?)\{noformat\}/g, '~~~\n$1\n~~~')
    .replace(/\{code[^\n]*\}([\s\S]*?)\{code\}/g, '~~~\n$1\n~~~')
    // A bare [link] has no bar; [title|link] is handled next.
    .replace(/\[([^|~]+?)\]/g, '[$1]($1)')
    .replace(/\[(?:([^|~]+)\|)([^\]]*)\]/g, '[$1]($2)');
  // A [~username] mention names the user it seems to be, else stays bold.
  for (const [, username = ''] of content.matchAll(/\[~([^\n]*?)\]/g)) {
    content = content.replaceAll(
      `[~${username}]`,
      () => `**${people.guess(username) ?? username}**`,
    );
  }
  return content;
}

// Jira escapes "!" in comment bodies as "\!".
const unescapeComment = (body: string): string => body.replaceAll('\\!', '!');

function changeLine(field: string | null, from: string | null, to: string): string {
  return `* Changed ${field ?? 'None'}${from ? ` from **${from}**` : ''} to ${to}\n`;
}

// Jira folds comments, reassignments and status changes into one event; the
// issue_event_type_name (or, from old servers, what the payload holds) tells
// them apart.
function updateKind(payload: Payload): string {
  const kind = payload.has('issue_event_type_name')
    ? payload.get('issue_event_type_name').string()
    : '';
  if (kind !== '') return kind;
  if (payload.optional('comment')?.truthy) return 'issue_commented';
  if (payload.optional('transition')?.truthy) return 'issue_transited';
  return '';
}

const COMMENT_VERBS: ReadonlyMap<string, string> = new Map([
  ['issue_commented', 'commented on'],
  ['issue_comment_edited', 'edited a comment on'],
]);

function changes(payload: Payload, mention: string, kind: string): string {
  const changelog = payload.optional('changelog');
  if (changelog?.truthy) {
    return changelog
      .get('items')
      .list()
      .map((item) => {
        const field = nullableText(item, 'field');
        const to =
          field === 'assignee' && mention !== ''
            ? mention
            : `**${nullableText(item, 'toString') ?? 'None'}**`;
        return changeLine(field, nullableText(item, 'fromString'), to);
      })
      .join('');
  }
  if (kind !== 'issue_transited') return '';
  const from = textAt(payload, ['transition', 'from_status']);
  return changeLine('status', from, `**${textAt(payload, ['transition', 'to_status'])}**`);
}

function issueUpdated(payload: Payload, people: People): string {
  const issue = issueLink(payload, textAt(payload, ['issue', 'key']));
  const mention = assigneeMention(
    textAt(payload, ['issue', 'fields', 'assignee', 'emailAddress']),
    people,
  );
  const assigned = mention === '' ? '' : ` (assigned to ${mention})`;
  const author = textAt(payload, ['user', 'displayName']);
  const kind = updateKind(payload);
  if (!kind.includes('comment')) {
    return `${author} updated ${issue}${assigned}:\n\n${changes(payload, mention, kind)}`;
  }
  const heading = `${author} ${COMMENT_VERBS.get(kind) ?? 'deleted a comment from'} ${issue}${assigned}`;
  const comment = textAt(payload, ['comment', 'body']);
  if (comment === '') return `${heading}.`;
  return `${heading}:\n\n\`\`\` quote\n${jiraMarkupToMarkdown(comment, people)}\n\`\`\``;
}

function issueCreated(payload: Payload): string {
  const author = textAt(payload, ['user', 'displayName']);
  const priority = textAt(payload, ['issue', 'fields', 'priority', 'name']);
  const assignee = textAt(payload, ['issue', 'fields', 'assignee', 'displayName'], 'no one');
  return (
    `${author} created ${issueLink(payload)}:\n\n` +
    `* **Priority**: ${priority}\n* **Assignee**: ${assignee}`
  );
}

function issueDeleted(payload: Payload): string {
  const title = issueTitle(payload);
  if (title === '') throw payload.get('issue').invalid('has no summary');
  return endSentence(
    `${textAt(payload, ['user', 'displayName'])} deleted ${issueLink(payload)}`,
    title,
  );
}

/** A comment event of Jira Cloud, which carries the comment and its author. */
function commentEvent(verb: string, strike = false) {
  return (payload: Payload): string => {
    const comment = payload.get('comment');
    const author = comment.get('author').str('displayName');
    const issue = issueLink(payload);
    const body = unescapeComment(comment.str('body'));
    const quoted = strike ? `~~${body}~~` : body;
    return `${author} ${verb} ${issue}\n\`\`\` quote\n${quoted}\n\`\`\`\n`;
  };
}

const CONTENT: ReadonlyMap<string, (payload: Payload, people: People) => string> = new Map([
  ['jira:issue_created', issueCreated],
  ['jira:issue_deleted', issueDeleted],
  ['jira:issue_updated', issueUpdated],
  ['comment_created', commentEvent('commented on')],
  ['comment_updated', commentEvent('updated their comment on')],
  ['comment_deleted', commentEvent('deleted their comment on', true)],
]);

const EVENT_TYPES = [
  'jira:issue_created',
  'jira:issue_deleted',
  'jira:issue_updated',
  'comment_created',
  'comment_updated',
  'comment_deleted',
];

/**
 * Jira, as Zulip's integration reads it: the payload's webhookEvent names the
 * event (old servers send a transition without one), and each message is
 * filed under the issue.
 */
export const jira = integration({
  urlName: 'jira',
  name: 'Jira',
  displayName: 'Jira',
  allEventTypes: EVENT_TYPES,
  unquoteUrlParameters: true,
  params: {},
  handle: (call): WebhookMessage[] => {
    const payload = call.payload();
    const event = eventType(payload);
    if (event !== undefined && IGNORED_EVENTS.has(event)) return [];
    if (event === undefined) throw anomalousPayload();
    const content = CONTENT.get(event);
    if (!content) throw new UnsupportedEventError(event);
    return [
      {
        topic: `${issueId(payload)}: ${issueTitle(payload)}`,
        content: content(payload, call.people),
        event,
      },
    ];
  },
});
