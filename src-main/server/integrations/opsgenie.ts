import { z } from 'zod';
import { optional } from '../http/params';
import { integration } from './integration';
import { euRegionOption } from './urlOptions';

// The alert's fields Zulip lists when present, in its order and words.
const ALERT_FIELDS: readonly [key: string, label: string][] = [
  ['note', 'Note'],
  ['recipient', 'Recipient'],
  ['addedTags', 'Tags added'],
  ['team', 'Team added'],
  ['owner', 'Assigned owner'],
  ['removedTags', 'Tags removed'],
  ['message', 'Message'],
];

const EVENT_TYPES = [
  'AddTeam',
  'UnAcknowledge',
  'AddNote',
  'TestAction',
  'Close',
  'Escalate',
  'AddRecipient',
  'RemoveTags',
  'Acknowledge',
  'Delete',
  'AddTags',
  'TakeOwnership',
  'Create',
  'AssignOwnership',
];

/** Opsgenie: one message per alert action, in a topic named for the Opsgenie integration. */
export const opsgenie = integration({
  urlName: 'opsgenie',
  name: 'Opsgenie',
  displayName: 'Opsgenie',
  allEventTypes: EVENT_TYPES,
  urlOptions: [euRegionOption],
  params: {
    // Accounts in Opsgenie's EU region link to their own host.
    eu_region: optional('json', z.boolean(), false),
  },
  handle: (call) => {
    const payload = call.payload();
    const alert = payload.get('alert');
    const action = payload.str('action');
    const name = payload.str('integrationName');
    const host = call.options.eu_region ? 'app.eu.opsgenie.com' : 'app.opsgenie.com';
    const bullets = ALERT_FIELDS.filter(([key]) => alert.has(key)).map(
      ([key, label]) => `* **${label}**: ${alert.str(key)}`,
    );
    const tags = (alert.has('tags') ? alert.get('tags').list() : []).map(
      (tag) => `\`${tag.string()}\``,
    );
    if (tags.length > 0) bullets.push(`* **Tags**: ${tags.join(', ')}`);
    if (payload.has('escalationName')) {
      bullets.push(`* **Escalation**: ${payload.str('escalationName')}`);
    }
    const content = [
      `[Opsgenie alert for ${name}](https://${host}/alert/V2#/show/${alert.str('alertId')}):`,
      `* **Type**: ${action}`,
      ...bullets,
    ].join('\n');
    return [{ topic: name, content, event: action }];
  },
});
