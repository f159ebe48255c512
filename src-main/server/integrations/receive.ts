import type { Services } from '../services';
import type { UserRow } from '../store/users';
import { deliver } from './deliver';
import type { EventFilter } from './eventFilter';
import {
  InvalidJsonError,
  MissingEventHeaderError,
  parsePayload,
  UnsupportedEventError,
  type Integration,
  type People,
  type WebhookCall,
} from './integration';
import { notifyBotOwner } from './ownerNotice';
import type { Payload } from './payload';

export interface WebhookRequest {
  path: string;
  body: string;
  contentType: string;
  header(name: string): string | undefined;
  /** The integration's own URL parameters, decoded. */
  options: Record<string, unknown>;
  stream: string | undefined;
  topic: string | undefined;
  filter: EventFilter;
}

// What the owner is told when a service is set up wrong, in the spirit of
// Zulip's notices (zerver/lib/webhooks/common.py).
const invalidJsonNotice = (integration: Integration) =>
  `Hi there! It looks like a service tried to use the ${integration.name} integration, ` +
  'but it did not send the JSON that this integration reads. ' +
  "Check the webhook's settings in that service (the content type in particular).";

const missingHeaderNotice = (
  bot: UserRow,
  path: string,
  header: string,
  integration: Integration,
) =>
  `Hi there! Your bot ${bot.full_name} received a request at ${path} without the HTTP ` +
  `${header} header, which is how ${integration.name} names its events. ` +
  'The URL may belong to another integration, or the service may be a version too old to send it.';

function peopleOf({ sql }: Services): People {
  return {
    nameByEmail: (email) =>
      sql.get<{ full_name: string }>('SELECT full_name FROM users WHERE lower(email) = lower(?)', [
        email,
      ])?.full_name,
    guess: (text) =>
      sql.get<{ full_name: string }>(
        `SELECT full_name FROM users WHERE is_active = 1
           AND (lower(full_name) = lower(?) OR substr(lower(email), 1, length(?)) = lower(?))
         ORDER BY id LIMIT 1`,
        [text, text, text],
      )?.full_name,
  };
}

/**
 * Zulip's webhook_view around an integration: the integration turns the
 * payload into messages, which are delivered; an event type it does not know
 * is answered with success and the code UNSUPPORTED_WEBHOOK_EVENT_TYPE.
 */
export function receiveWebhook(
  services: Services,
  sender: UserRow,
  integration: Integration,
  request: WebhookRequest,
): Record<string, unknown> {
  let parsed: Payload | undefined;
  const call: WebhookCall = {
    body: request.body,
    contentType: request.contentType,
    options: request.options,
    userTopic: request.topic,
    payload: () => (parsed ??= parsePayload(request.body, integration.name)),
    parse: (text) => parsePayload(text, integration.name),
    people: peopleOf(services),
    eventHeader: (name) => {
      const value = request.header(name);
      if (value === undefined) throw new MissingEventHeaderError(name);
      return value;
    },
  };
  let messages;
  try {
    messages = integration.handle(call);
  } catch (error) {
    if (error instanceof UnsupportedEventError) {
      return {
        msg: `The '${error.eventType}' event isn't currently supported by the ${integration.name} webhook`,
        code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE',
        webhook_name: integration.name,
        event_type: error.eventType,
      };
    }
    if (error instanceof InvalidJsonError) {
      notifyBotOwner(services, sender, invalidJsonNotice(integration));
    }
    if (error instanceof MissingEventHeaderError) {
      notifyBotOwner(
        services,
        sender,
        missingHeaderNotice(sender, request.path, error.header, integration),
      );
    }
    throw error;
  }
  deliver(services, sender, messages, {
    stream: request.stream,
    topic: request.topic,
    filter: request.filter,
    clientName: `Zulip${integration.name}Webhook`,
  });
  return {};
}
