import type { WebhookMessage } from './integration';
import type { Payload } from './payload';

/** An incident as Zulip's PagerDuty messages describe it, whichever webhook version sent it. */
export interface Incident {
  /** The verb the message uses, which is also the event type only_events and exclude_events match. */
  action: string;
  /** The incident's number (V1, V2), or its title and number (V3). */
  title: string;
  url: string;
  /** The service, as a link. */
  service: string;
  /** The first assignee as a link, or "nobody". */
  assignee: string;
  /** Who resolved it, as a link, when the payload says. */
  agent: string | undefined;
  /** The trigger's summary as a quote block (V1, V2), or nothing (V3). */
  trigger: string;
}

export type Template<I extends Incident = Incident> = (incident: I) => string;

export const link = (text: string, url: string) => `[${text}](${url})`;

export const incidentLink = (incident: Incident) => link(incident.title, incident.url);

export const quote = (text: string) => `\`\`\` quote\n${text}\n\`\`\``;

/** A PagerDuty reference (user, service, policy) as a link to it. */
export const referenceLink = (reference: Payload) =>
  link(reference.str('summary'), reference.str('html_url'));

/** The value at `key` when Python would find it true: present, not null, not empty. */
export function present(payload: Payload, key: string): Payload | undefined {
  const value = payload.optional(key);
  return value?.truthy ? value : undefined;
}

/** Python's `payload.get(key, "")` read as text: absent is empty, null is refused. */
export const textOrEmpty = (payload: Payload, key: string) =>
  payload.has(key) ? payload.str(key) : '';

// The four messages every webhook version shares. A message whose trigger is
// empty ends in a blank line, which sending trims, as Zulip's does.
export const withService: Template = (incident) =>
  `Incident ${incidentLink(incident)} ${incident.action} by ${incident.service} ` +
  `(assigned to ${incident.assignee}).\n\n${incident.trigger}`;

export const withAssignee: Template = (incident) =>
  `Incident ${incidentLink(incident)} ${incident.action} by ${incident.assignee}.\n\n${incident.trigger}`;

export const assigned: Template = (incident) =>
  `Incident ${incidentLink(incident)} ${incident.action} to ${incident.assignee}.\n\n${incident.trigger}`;

export const resolved: Template = (incident) =>
  incident.agent === undefined
    ? `Incident ${incidentLink(incident)} resolved.\n\n${incident.trigger}`
    : `Incident ${incidentLink(incident)} resolved by ${incident.agent}.\n\n${incident.trigger}`;

export function incidentMessage<I extends Incident>(
  template: Template<I>,
  incident: I,
): WebhookMessage {
  return {
    topic: `Incident ${incident.title}`,
    content: template(incident),
    event: incident.action,
  };
}
