import { integration, UnsupportedEventError } from './integration';
import type { Payload } from './payload';

// Zulip's Linear integration (zerver/webhooks/linear/view.py): issues,
// sub-issues, comments, projects and project status updates.

const quoted = (text: string): string => `\n~~~ quote\n${text}\n~~~\n`;

const HEALTH: Readonly<Record<string, string>> = {
  onTrack: 'On Track',
  atRisk: 'At Risk',
  offTrack: 'Off Track',
};

// Linear sends a project's priority as a number; 0 is "no priority".
const PRIORITY: Readonly<Record<number, string>> = {
  1: 'Urgent',
  2: 'High',
  3: 'Medium',
  4: 'Low',
};

type Kind = 'issue' | 'sub_issue' | 'comment' | 'project' | 'project_update';

function issueMessage(payload: Payload, kind: Kind): string {
  const data = payload.get('data');
  const action = payload.str('action');
  const team = data.get('team').str('name');
  if (action === 'remove') return `This issue has been removed from team ${team}.`;
  const type = kind === 'issue' ? 'Issue' : 'Sub-Issue';
  const verb = action === 'create' ? 'created' : 'updated';
  let message = `[${type}](${payload.str('url')}) was ${verb} in team ${team}`;
  message += data.has('description') ? `:${quoted(data.str('description'))}` : '.';
  const details: string[] = [];
  const priority = data.str('priorityLabel');
  if (priority !== 'No priority') details.push(`Priority: ${priority}`);
  if (data.has('assignee')) details.push(`Assignee: ${data.get('assignee').str('name')}`);
  details.push(`Status: ${data.get('state').str('name')}`);
  return `${message}\n${details.join(', ')}.`;
}

function commentMessage(payload: Payload): string {
  const data = payload.get('data');
  const action = payload.str('action');
  const user = data.get('user').str('name');
  if (action === 'remove') return `${user} has removed a comment.`;
  const verb = action === 'create' ? 'commented' : 'updated comment';
  return (
    `${user} [${verb}](${payload.str('url')}) on issue **${data.get('issue').str('title')}**:` +
    quoted(data.str('body'))
  );
}

// A date Linear may clear, which Zulip reports only when it has a value.
const dateValue = (data: Payload, key: string): string | null => data.get(key).nullableString();

/**
 * What a project update changed, in Zulip's order; a field cleared (no new
 * status, lead, priority or date) is not reported.
 */
function projectChanges(payload: Payload): string[] {
  const data = payload.get('data');
  const before = payload.get('updatedFrom');
  const changes: string[] = [];
  if (before.has('name')) changes.push(`renamed to ${data.str('name')}`);
  const status = data.optional('status');
  if (before.has('statusId') && status?.truthy) {
    changes.push(`project status is now ${status.str('name')}`);
  }
  const lead = data.optional('lead');
  if (before.has('leadId') && lead?.truthy) {
    changes.push(`${lead.str('name')} is now the project lead`);
  }
  if (before.has('priority')) {
    const priority = PRIORITY[data.get('priority').int()];
    if (priority !== undefined) changes.push(`priority is now set to ${priority}`);
  }
  for (const [key, label] of [
    ['startDate', 'start date'],
    ['targetDate', 'target date'],
  ] as const) {
    if (!before.has(key)) continue;
    const now = dateValue(data, key);
    if (now === null) continue;
    const was = dateValue(before, key);
    // ISO dates order as strings, as Zulip compares them.
    const how = was === null ? 'set' : now < was ? 'preponed' : 'postponed';
    changes.push(`${label} is ${how} to ${now}`);
  }
  // Linear's `content` is the description users edit; `description` is a summary.
  if (before.has('content')) changes.push('description is updated');
  return changes;
}

function projectCreated(payload: Payload, actor: string, name: string): string {
  const data = payload.get('data');
  let message = `${actor} created project [${name}](${payload.str('url')})`;
  const description = data.has('description') ? data.str('description') : '';

  const inline: string[] = [];
  const status = data.optional('status');
  if (status?.truthy) inline.push(`**Status:** ${status.str('name')}`);
  const lead = data.optional('lead');
  if (lead?.truthy) inline.push(`**Lead:** ${lead.str('name')}`);
  const priority = data.has('priority') ? PRIORITY[data.get('priority').int()] : undefined;
  if (priority !== undefined) inline.push(`**Priority:** ${priority}`);

  const dates: string[] = [];
  for (const [key, label] of [
    ['startDate', 'Start date'],
    ['targetDate', 'Target date'],
  ] as const) {
    const value = data.has(key) ? dateValue(data, key) : null;
    if (value) dates.push(`**${label}:** ${value}`);
  }
  const milestones = data.has('milestones')
    ? data
        .get('milestones')
        .list()
        .map((milestone) => milestone.str('name'))
    : [];
  let bullets =
    milestones.length === 0
      ? []
      : [`**${milestones.length === 1 ? 'Milestone' : 'Milestones'}:** ${milestones.join(', ')}`];

  // Zulip puts the schedule in the description's quote, or else among the bullets.
  if (description) {
    const schedule = dates.length > 0 ? `\n${dates.join(' – ')}` : '';
    message += `:${quoted(description + schedule)}`;
  } else {
    bullets = [...dates, ...bullets];
  }
  const lines = [
    ...(inline.length > 0 ? [inline.join(' · ')] : []),
    ...bullets.map((bullet) => `- ${bullet}`),
  ];
  if (lines.length === 0) return description ? message : `${message}.`;
  return description ? message + lines.join('\n') : `${message}\n${lines.join('\n')}`;
}

function projectMessage(payload: Payload): string {
  const actor = payload.get('actor').str('name');
  const name = payload.get('data').str('name');
  const action = payload.str('action');
  if (action === 'remove') return `${actor} removed project **${name}**.`;
  if (action === 'create') return projectCreated(payload, actor, name);
  const sentence = projectChanges(payload).join(', ');
  return (
    `${actor} updated project [${name}](${payload.str('url')}).\n` +
    `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`
  );
}

function statusUpdateMessage(payload: Payload): string {
  const data = payload.get('data');
  const action = payload.str('action');
  const user = data.get('user').str('name');
  const project = data.get('project').str('name');
  if (action === 'remove') return `${user} removed a status update on **${project}**.`;
  const health = data.str('health');
  const verb = action === 'create' ? 'posted' : 'edited';
  let message =
    `${user} [${verb}](${payload.str('url')}) a status update on **${project}** ` +
    `(health: ${HEALTH[health] ?? health}):${quoted(data.str('body'))}`;
  const diff = data.has('diffMarkdown') ? data.get('diffMarkdown').nullableString() : null;
  if (diff) message += `\n${diff}`;
  return message;
}

// Events Zulip's integration receives and knowingly drops.
const IGNORED = new Set(['IssueLabel', 'Cycle', 'Reaction']);

function kindOf(payload: Payload): Kind | undefined {
  const type = payload.str('type');
  switch (type) {
    case 'Issue':
      return payload.get('data').has('parentId') ? 'sub_issue' : 'issue';
    case 'Comment':
      return 'comment';
    case 'Project': {
      // Linear follows a status update, or an edit of one, with a Project
      // update that changed nothing worth saying; Zulip drops those.
      if (payload.has('updatedFrom')) {
        if (payload.get('updatedFrom').has('lastUpdateId')) return undefined;
        if (projectChanges(payload).length === 0) return undefined;
      }
      return 'project';
    }
    case 'ProjectUpdate':
      return 'project_update';
    default: {
      if (IGNORED.has(type)) return undefined;
      const action = payload.optional('action')?.string() ?? '???';
      throw new UnsupportedEventError(`${type}:${action}`);
    }
  }
}

function topicOf(payload: Payload, kind: Kind): string {
  const data = payload.get('data');
  switch (kind) {
    case 'comment':
      return `Issue: ${data.get('issue').str('title')}`;
    case 'sub_issue':
      return `Sub-Issue: ${data.str('title')}`;
    case 'issue':
      return `Issue: ${data.str('title')}`;
    case 'project':
      return `Project: ${data.str('name')}`;
    case 'project_update':
      return `Project: ${data.get('project').str('name')}`;
  }
}

function contentOf(payload: Payload, kind: Kind): string {
  switch (kind) {
    case 'issue':
    case 'sub_issue':
      return issueMessage(payload, kind);
    case 'comment':
      return commentMessage(payload);
    case 'project':
      return projectMessage(payload);
    case 'project_update':
      return statusUpdateMessage(payload);
  }
}

const EVENT_TYPES = ['issue', 'sub_issue', 'comment', 'project', 'project_update'];

/**
 * Linear. Zulip names no event type for its messages, so only_events and
 * exclude_events do not filter them.
 */
export const linear = integration({
  urlName: 'linear',
  name: 'Linear',
  displayName: 'Linear',
  allEventTypes: EVENT_TYPES,
  params: {},
  handle: (call) => {
    const payload = call.payload();
    const kind = kindOf(payload);
    if (kind === undefined) return [];
    // Zulip reads nothing for the topic when the URL names one.
    const topic = call.userTopic ?? topicOf(payload, kind);
    return [{ topic, content: contentOf(payload, kind) }];
  },
});
