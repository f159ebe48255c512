import { integration } from './integration';
import { legacyMessages } from './pagerdutyLegacy';
import { present } from './pagerdutyMessage';
import { v3Message } from './pagerdutyV3';

const EVENT_TYPES = [
  'triggered',
  'acknowledged',
  'unacknowledged',
  'resolved',
  'assigned',
  'reassigned',
  'escalated',
  'delegated',
  'reopened',
  'priority updated',
  'status updated',
  'annotated',
  'responder added',
  'responder replied',
  'conference bridge updated',
  'service updated',
  'workflow started',
  'workflow completed',
];

/**
 * PagerDuty's webhooks, as Zulip reads them: V1 and V2 post a list of
 * `messages`, V3 one `event`; a payload with neither posts nothing.
 */
export const pagerduty = integration({
  urlName: 'pagerduty',
  name: 'PagerDuty',
  displayName: 'PagerDuty',
  allEventTypes: EVENT_TYPES,
  params: {},
  handle: (call) => {
    const payload = call.payload();
    const messages = present(payload, 'messages');
    if (messages) return legacyMessages(messages.list());
    return payload.has('event') ? [v3Message(payload.get('event'))] : [];
  },
});
