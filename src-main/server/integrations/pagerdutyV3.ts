import { UnsupportedEventError, type WebhookMessage } from './integration';
import type { Payload } from './payload';
import {
  assigned,
  incidentLink,
  incidentMessage,
  link,
  present,
  quote,
  referenceLink,
  resolved,
  textOrEmpty,
  withAssignee,
  withService,
  type Incident,
  type Template,
} from './pagerdutyMessage';

interface V3Incident extends Incident {
  /** "current escalation policy is … and ", or nothing. */
  escalationPolicy: string;
  /** What changed, for the events that say more than the incident. */
  details: string;
}

const about =
  (text: string): Template<V3Incident> =>
  (incident) =>
    `Incident ${incidentLink(incident)} ${text}: ${incident.details}`;

const responder =
  (verb: string): Template<V3Incident> =>
  (incident) =>
    `Responder ${incident.assignee} ${verb} incident ${incidentLink(incident)}.\n\n` +
    quote(incident.details);

const EVENTS: ReadonlyMap<string, [action: string, template: Template<V3Incident>]> = new Map([
  ['incident.triggered', ['triggered', withService]],
  ['incident.acknowledged', ['acknowledged', withAssignee]],
  ['incident.unacknowledged', ['unacknowledged', withService]],
  ['incident.resolved', ['resolved', resolved]],
  ['incident.reassigned', ['reassigned', assigned]],
  [
    'incident.escalated',
    ['escalated', (i) => `Incident ${incidentLink(i)} escalated to ${i.assignee}.`],
  ],
  [
    'incident.delegated',
    [
      'delegated',
      (i) =>
        `Incident ${incidentLink(i)} delegated; ${i.escalationPolicy}current assignee is ${i.assignee}.`,
    ],
  ],
  ['incident.reopened', ['reopened', (i) => `Incident ${incidentLink(i)} reopened.`]],
  [
    'incident.priority_updated',
    ['priority updated', (i) => `Incident ${incidentLink(i)} priority updated to ${i.details}`],
  ],
  ['incident.status_update_published', ['status updated', about('status update published')]],
  ['incident.annotated', ['annotated', about('annotated with')]],
  ['incident.responder.added', ['responder added', responder('added to')]],
  ['incident.responder.replied', ['responder replied', responder('replied to')]],
  [
    'incident.conference_bridge.updated',
    ['conference bridge updated', about('conference bridge updated')],
  ],
  [
    'incident.service_updated',
    ['service updated', (i) => `Incident ${incidentLink(i)} service updated to ${i.details}`],
  ],
  ['incident.workflow.started', ['workflow started', about('workflow started')]],
  ['incident.workflow.completed', ['workflow completed', about('workflow completed')]],
]);

function details(type: string, data: Payload): string {
  switch (type) {
    case 'incident.priority_updated':
      return present(data, 'priority')?.str('summary') ?? '';
    case 'incident.status_update_published':
    case 'incident.responder.added':
    case 'incident.responder.replied':
      return data.str('message');
    case 'incident.annotated':
      return data.str('content');
    case 'incident.conference_bridge.updated':
      return present(data, 'conference_url')?.string() ?? '';
    case 'incident.service_updated':
      return present(data, 'service')?.str('summary') ?? '';
    case 'incident.workflow.started':
    case 'incident.workflow.completed': {
      const workflow = data.get('incident_workflow').str('summary');
      const summary = textOrEmpty(data, 'summary');
      return summary ? `${workflow} (${summary})` : workflow;
    }
    default:
      return '';
  }
}

// An event about an incident names it by reference; an event that is the
// incident carries its number and title.
function incidentTitle(data: Payload): { title: string; url: string } {
  const reference = present(data, 'incident');
  if (reference) return { title: reference.str('summary'), url: reference.str('html_url') };
  return {
    title: `${data.str('title')} (#${data.get('number').int()})`,
    url: data.str('html_url'),
  };
}

function assigneeLink(data: Payload): string {
  const assignees = present(data, 'assignees');
  const first = assignees?.list()[0];
  if (first) return referenceLink(first);
  const user = present(data, 'user');
  return user ? referenceLink(user) : 'nobody';
}

/** A V3 webhook's `event`. */
export function v3Message(event: Payload): WebhookMessage {
  // Zulip names a missing event type as Python writes None.
  const type = event.optional('event_type')?.string() ?? 'None';
  const known = EVENTS.get(type);
  if (!known) throw new UnsupportedEventError(type);
  const [action, template] = known;
  const data = event.get('data');
  const service = present(data, 'service');
  const policy = present(data, 'escalation_policy');
  const agent = event.optional('agent');
  return incidentMessage(template, {
    action,
    ...incidentTitle(data),
    service: service ? referenceLink(service) : link('', ''),
    assignee: assigneeLink(data),
    agent: agent ? referenceLink(agent) : undefined,
    trigger: '',
    escalationPolicy: policy ? `current escalation policy is ${referenceLink(policy)} and ` : '',
    details: details(type, data),
  });
}
