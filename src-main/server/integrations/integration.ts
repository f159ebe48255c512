import { ApiError } from '../errors';
import type { Decoded, ParamSpecs } from '../http/params';
import { Payload } from './payload';
import type { WebhookUrlOption } from './urlOptions';

/** One message an integration wants sent for a payload. */
export interface WebhookMessage {
  topic: string;
  content: string;
  /**
   * The event type `only_events` and `exclude_events` match against; a
   * message without one is always sent, as Zulip's check_send_webhook_message.
   */
  event?: string;
}

/** What an integration may read of the organization's people, as Zulip's webhooks do. */
export interface People {
  /** The full name of the user with this email, as Zulip's get_user_by_delivery_email. */
  nameByEmail(email: string): string | undefined;
  /**
   * Zulip's guess at the user another tool names: the first active user
   * whose full name is `text`, or whose email starts with it, ignoring case.
   */
  guess(text: string): string | undefined;
}

/** What an integration sees of a request to /api/v1/external/{integration}. */
export interface WebhookCall<S extends ParamSpecs = ParamSpecs> {
  /** The raw body, decoded as UTF-8. */
  body: string;
  contentType: string;
  /** The integration's own URL parameters, decoded. */
  options: Decoded<S>;
  /** The `topic` URL parameter, which some integrations also read. */
  userTopic: string | undefined;
  /** The body as JSON (Zulip's JsonBodyPayload). */
  payload(): Payload;
  /** Parses JSON from elsewhere in the request, such as a form field. */
  parse(text: string): Payload;
  /** The header that names the event; its absence is Zulip's MISSING_HTTP_EVENT_HEADER. */
  eventHeader(name: string): string;
  people: People;
}

/** What register's `realm_incoming_webhook_bots` says of an integration. */
interface Listing {
  /** Zulip's display_name, e.g. `Prometheus Alertmanager` (feature level 207). */
  displayName: string;
  /**
   * Zulip's all_event_types: the event types `only_events` and
   * `exclude_events` can name; null where Zulip declares none.
   */
  allEventTypes: readonly string[] | null;
  /** Zulip's url_options (feature level 403). */
  urlOptions?: readonly WebhookUrlOption[];
  /**
   * The name Zulip 12 gave the integration, which register lists and its URL
   * answers to as well; the host's own name stays for servers before 12.
   */
  renamedTo?: string;
}

export interface Integration extends Listing {
  /** The name in the URL, e.g. `github`. */
  urlName: string;
  /** Zulip's webhook_client_name, e.g. `GitHub`: the client is `Zulip<name>Webhook`. */
  name: string;
  params: ParamSpecs;
  /**
   * Zulip's unquote_url_parameters: the service escapes the URL it was given
   * once more, so `stream` and `topic` are decoded a second time.
   */
  unquoteUrlParameters?: boolean;
  /** The messages to send; none for an event the integration knowingly ignores. */
  handle(call: WebhookCall): WebhookMessage[];
}

/** Declares an integration with typed URL parameters. */
export function integration<S extends ParamSpecs>(
  definition: Listing & {
    urlName: string;
    name: string;
    params: S;
    unquoteUrlParameters?: boolean;
    handle(call: WebhookCall<S>): WebhookMessage[];
  },
): Integration {
  return definition as unknown as Integration;
}

/** Zulip's InvalidJSONError. */
export class InvalidJsonError extends ApiError {
  constructor() {
    super('Malformed JSON', 'INVALID_JSON');
  }
}

/** Zulip's MissingHTTPEventHeader. */
export class MissingEventHeaderError extends ApiError {
  constructor(readonly header: string) {
    super(`Missing the HTTP event header '${header}'`, 'MISSING_HTTP_EVENT_HEADER', 400, {
      header,
    });
  }
}

/**
 * Zulip's UnsupportedWebhookEventTypeError. The service did nothing wrong, so
 * Hearth answers it with success (and the code), where Zulip 7.0 answers 400:
 * services retry or disable a webhook that keeps failing.
 */
export class UnsupportedEventError extends Error {
  constructor(readonly eventType: string) {
    super(`unsupported event ${eventType}`);
  }
}

export function parsePayload(text: string, integrationName: string): Payload {
  try {
    return new Payload(JSON.parse(text), integrationName);
  } catch {
    throw new InvalidJsonError();
  }
}
