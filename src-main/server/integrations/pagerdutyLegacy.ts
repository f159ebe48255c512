import { UnsupportedEventError, type WebhookMessage } from './integration';
import type { Payload } from './payload';
import {
  assigned,
  incidentMessage,
  link,
  present,
  quote,
  referenceLink,
  resolved,
  textOrEmpty,
  withAssignee,
  withService,
  type Template,
} from './pagerdutyMessage';

// "delineated" is Zulip's word for a delegation, kept since filters match it.
const V1_ACTIONS: ReadonlyMap<string, string> = new Map([
  ['incident.trigger', 'triggered'],
  ['incident.acknowledge', 'acknowledged'],
  ['incident.unacknowledge', 'unacknowledged'],
  ['incident.resolve', 'resolved'],
  ['incident.assign', 'assigned'],
  ['incident.escalate', 'escalated'],
  ['incident.delegate', 'delineated'],
]);

const V2_ACTIONS: ReadonlyMap<string, string> = new Map([
  ['incident.trigger', 'triggered'],
  ['incident.acknowledge', 'acknowledged'],
  ['incident.resolve', 'resolved'],
  ['incident.assign', 'assigned'],
]);

function template(type: string): Template {
  switch (type) {
    case 'incident.trigger':
    case 'incident.unacknowledge':
      return withService;
    case 'incident.assign':
      return assigned;
    case 'incident.resolve':
      return resolved;
    default:
      return withAssignee;
  }
}

// V1 names a user by the local part of their email address.
function userLink(user: Payload): string {
  const email = user.get('email');
  const at = email.string().lastIndexOf('@');
  if (at < 0) throw email.invalid('is not an email address');
  return link(email.string().slice(0, at), user.str('html_url'));
}

function triggerSummary(incident: Payload): string {
  const summary = present(incident, 'trigger_summary_data');
  if (!summary) return '';
  return [textOrEmpty(summary, 'subject'), textOrEmpty(summary, 'description')]
    .filter((line) => line !== '')
    .join('\n');
}

function v1Message(message: Payload, type: string, action: string): WebhookMessage {
  const incident = message.get('data').get('incident');
  const service = incident.get('service');
  const assignee = present(incident, 'assigned_to_user');
  const resolver = present(incident, 'resolved_by_user');
  return incidentMessage(template(type), {
    action,
    title: String(incident.get('incident_number').int()),
    url: incident.str('html_url'),
    service: link(service.str('name'), service.str('html_url')),
    assignee: assignee ? userLink(assignee) : 'nobody',
    agent: resolver ? userLink(resolver) : undefined,
    trigger: quote(triggerSummary(incident)),
  });
}

function v2Message(message: Payload, type: string, action: string): WebhookMessage {
  const incident = message.get('incident');
  const service = incident.get('service');
  const assignments = incident.get('assignments');
  const [first] = assignments.truthy ? assignments.list() : [];
  return incidentMessage(template(type), {
    action,
    title: String(incident.get('incident_number').int()),
    url: incident.str('html_url'),
    service: link(service.str('name'), service.str('html_url')),
    assignee: first ? referenceLink(first.get('assignee')) : 'nobody',
    // Zulip's test of this key is always true (it tests the wrapper, not the
    // value), so V2 always names who changed the status last.
    agent: referenceLink(incident.get('last_status_change_by')),
    // Zulip cannot write a message without the description (its template
    // fails), so a null one is refused here.
    trigger: quote(incident.str('description')),
  });
}

/**
 * A V1 or V2 payload's `messages`, as Zulip reads them: V1 messages (with a
 * `type`) up to the first without one, then V2 messages (with an `event`) up
 * to the first without one.
 */
export function legacyMessages(messages: Payload[]): WebhookMessage[] {
  const sent: WebhookMessage[] = [];
  for (const message of messages) {
    const type = message.optional('type')?.string();
    if (type === undefined) break;
    const action = V1_ACTIONS.get(type);
    if (action === undefined) throw new UnsupportedEventError(type);
    sent.push(v1Message(message, type, action));
  }
  for (const message of messages) {
    const type = message.optional('event')?.string();
    if (type === undefined) break;
    const action = V2_ACTIONS.get(type);
    if (action === undefined) throw new UnsupportedEventError(type);
    sent.push(v2Message(message, type, action));
  }
  return sent;
}
