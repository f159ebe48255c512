import { integration, UnsupportedEventError, type WebhookMessage } from './integration';
import type { Payload } from './payload';
import { alertPlace, eventMessage, globalTime, pluginPlace } from './sentryEvent';

// Python's str() of a value Zulip reads with .get(), where absent is None.
function pythonText(payload: Payload, key: string): string {
  return payload.optional(key)?.string() ?? 'None';
}

// Python's repr() of a string: Zulip names the keys of data it does not know
// as the str() of their list.
function pythonRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escaped = text
    .replaceAll('\\', '\\\\')
    .replaceAll('\n', '\\n')
    .replaceAll('\r', '\\r')
    .replaceAll('\t', '\\t')
    .replaceAll(quote, `\\${quote}`);
  return `${quote}${escaped}${quote}`;
}

function assigneeName(issue: Payload): string {
  const assignedTo = issue.get('assignedTo');
  if (!assignedTo.truthy) return 'No one';
  const name = assignedTo.str('name');
  return assignedTo.get('type').value === 'team' ? `team ${name}` : name;
}

/** An issue created, resolved, assigned or ignored, from an internal integration. */
function issueMessage(action: string, issue: Payload, actor: Payload): WebhookMessage {
  const title = issue.str('title');
  const time = globalTime(issue.get('lastSeen'));
  const assignee = assigneeName(issue);
  const topic = title;
  switch (action) {
    case 'created':
      return {
        topic,
        content:
          `**New issue created:** ${title}\n\`\`\`quote\n**level:** ${issue.str('level')}\n` +
          `**timestamp:** ${time}\n**assignee:** ${assignee}\n\`\`\``,
      };
    case 'resolved':
      return {
        topic,
        content: `Issue **${title}** was marked as resolved by **${actor.str('name')}**.`,
      };
    case 'assigned':
      return {
        topic,
        content: `Issue **${title}** has now been assigned to **${assignee}** by **${actor.str('name')}**.`,
      };
    case 'ignored':
      return { topic, content: `Issue **${title}** was ignored by **${actor.str('name')}**.` };
    default:
      throw new UnsupportedEventError(`${action} action`);
  }
}

/** The payload of Sentry's old "WebHooks" plugin, for an issue without an event ID. */
function legacyMessage(payload: Payload): WebhookMessage {
  const level = payload.str('level').toUpperCase();
  return {
    topic: pythonText(payload, 'project_name'),
    content:
      `New [issue](${pythonText(payload, 'url')}) (level: ${level}):\n\n` +
      `\`\`\` quote\n${pythonText(payload, 'message')}\n\`\`\``,
  };
}

/**
 * Sentry, as Zulip's integration reads it: an internal integration's event
 * alerts and issue changes under `data`, a plugin payload whose event has an
 * ID as an event alert, and any other payload as the plugin's old message.
 * Zulip names no event type for Sentry's messages, so only_events and
 * exclude_events do not filter them.
 */
export const sentry = integration({
  urlName: 'sentry',
  name: 'Sentry',
  displayName: 'Sentry',
  allEventTypes: null,
  params: {},
  handle: (call) => {
    const payload = call.payload();
    const data = payload.optional('data');
    if (data === undefined) {
      const event = payload.optional('event');
      const eventId = event?.optional('event_id');
      if (!event || !eventId?.truthy) return [legacyMessage(payload)];
      const place = pluginPlace(payload, event, eventId.string());
      return [eventMessage(event, () => place)];
    }
    if (!data.truthy) return [legacyMessage(payload)];
    if (data.has('event')) {
      const event = data.get('event');
      return [eventMessage(event, () => alertPlace(event))];
    }
    if (data.has('issue')) {
      return [issueMessage(payload.str('action'), data.get('issue'), payload.get('actor'))];
    }
    const keys = data.entries().map(([key]) => pythonRepr(key));
    throw new UnsupportedEventError(`[${keys.join(', ')}]`);
  },
});
