import { UnsupportedEventError, type WebhookMessage } from './integration';
import type { Payload } from './payload';

// The code-block language Zulip gives each Sentry platform's traceback; an
// unknown platform gets a block with none.
const LANGUAGES: Readonly<Record<string, string>> = {
  go: 'go',
  java: 'java',
  javascript: 'javascript',
  node: 'javascript',
  python: 'python3',
  ruby: 'ruby',
};

// Python's datetime.fromisoformat, for the forms Sentry sends.
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * Zulip's datetime_to_global_time of an ISO 8601 time: to the second, in the
 * offset it was given (Z written as +00:00, as Python's isoformat does).
 */
export function globalTime(value: Payload): string {
  const match = ISO_DATE_TIME.exec(value.string());
  if (!match) throw value.invalid('is not an ISO 8601 date and time');
  const [, year = '', month = '', day = '', hour = '', minute = '', second = '00', zone] = match;
  const date = new Date(Date.UTC(+year, +month - 1, +day, +hour, +minute, +second));
  // Date.UTC carries an out-of-range field into the next one; Python refuses it.
  const carried =
    date.getUTCMonth() !== +month - 1 ||
    date.getUTCDate() !== +day ||
    date.getUTCHours() !== +hour ||
    date.getUTCMinutes() !== +minute;
  if (carried || +second > 59) throw value.invalid('is not an ISO 8601 date and time');
  return `<time:${year}-${month}-${day}T${hour}:${minute}:${second}${offset(zone)}>`;
}

function offset(zone: string | undefined): string {
  if (zone === undefined) return '';
  if (zone === 'Z') return '+00:00';
  const digits = zone.slice(1).replace(':', '');
  return `${zone[0] ?? '+'}${digits.slice(0, 2)}:${digits.slice(2) || '00'}`;
}

// Zulip's datetime.fromtimestamp(…, utc) of a Unix time, written as above.
function globalTimeOfTimestamp(value: Payload): string {
  const seconds = value.value;
  // Python rounds to the microsecond before the seconds are cut.
  const whole = typeof seconds === 'number' ? Math.floor(Math.round(seconds * 1e6) / 1e6) : NaN;
  const date = new Date(whole * 1000);
  if (Number.isNaN(date.getTime())) throw value.invalid('is not a Unix time');
  return `<time:${date.toISOString().slice(0, 19)}+00:00>`;
}

/** Where the event is seen and when, which the two kinds of payload give differently. */
export interface EventPlace {
  webLink: string;
  time: string;
}

/** An internal integration's alert: the event carries its link and time. */
export const alertPlace = (event: Payload): EventPlace => ({
  webLink: event.str('web_url'),
  time: globalTime(event.get('datetime')),
});

/**
 * A plain "WebHooks" plugin payload, which Zulip reads as an alert when its
 * event has an ID: the link is the event's page under the issue's URL.
 */
export function pluginPlace(payload: Payload, event: Payload, eventId: string): EventPlace {
  const issueUrl = payload.get('url');
  let webLink: string;
  try {
    webLink = new URL(`events/${eventId}/`, issueUrl.string()).href;
  } catch {
    throw issueUrl.invalid('is not a URL');
  }
  const when = event.has('timestamp') ? event.get('timestamp') : event.get('received');
  return { webLink, time: globalTimeOfTimestamp(when) };
}

// Python's int() of the SDK protocol version, sent as a string or a number.
function protocolVersion(value: Payload): number {
  const version = value.value;
  if (typeof version === 'number' && Number.isInteger(version)) return version;
  if (typeof version === 'string' && /^\s*[+-]?\d+\s*$/.test(version)) return Number(version);
  throw value.invalid('is not a whole number');
}

const optionalText = (payload: Payload, key: string): string | null =>
  payload.has(key) ? payload.get(key).nullableString() : null;

// Each line of source indented under the arrow that marks the failing line;
// a blank line stays blank.
const sourceLines = (lines: Payload | undefined): string =>
  (lines?.list() ?? [])
    .map((line) => line.string())
    .map((line) => (line === '' ? '\n' : `     ${line}\n`))
    .join('');

// The source around the failing line, from the innermost frame of the file
// Sentry names, when Sentry sent that source.
function traceback(event: Payload, filename: string, platform: string): string | undefined {
  const values = event.get('exception').get('values').list();
  const stacktrace = values.findLast((value) => value.has('stacktrace'))?.get('stacktrace');
  if (!stacktrace?.truthy) return undefined;
  const frame = stacktrace
    .get('frames')
    .list()
    .findLast((candidate) => candidate.optional('filename')?.value === filename);
  const contextLine = frame?.optional('context_line');
  if (!frame || !contextLine) return undefined;
  return (
    `Traceback:\n\`\`\`${LANGUAGES[platform] ?? ''}\n` +
    `${sourceLines(frame.optional('pre_context'))}---> ${contextLine.string()}\n` +
    `${sourceLines(frame.optional('post_context'))}\`\`\``
  );
}

const details = (lines: string[]) => `\`\`\`quote\n${lines.join('\n')}\n\`\`\``;

// Zulip still takes Sentry's own sample event, which comes with an old version.
const SAMPLE_TITLE = 'This is an example Python exception';

/** An event alert: an exception (with its traceback when there is one) or a message. */
export function eventMessage(event: Payload, place: () => EventPlace): WebhookMessage {
  const title = event.str('title');
  const platform = event.str('platform');
  // Zulip refuses the Raven Python SDK, which Sentry has retired.
  if (
    platform === 'python' &&
    protocolVersion(event.get('version')) < 7 &&
    title !== SAMPLE_TITLE
  ) {
    throw new UnsupportedEventError('Raven SDK');
  }
  const level = event.str('level');
  const { webLink, time } = place();
  const facts = [`**level:** ${level}`, `**timestamp:** ${time}`];
  if (event.has('exception')) {
    const filename = optionalText(event.get('metadata'), 'filename');
    const heading = `**New exception:** [${title}](${webLink})\n`;
    const block = details([...facts, `**filename:** ${filename ?? 'None'}`]);
    const trace = filename ? traceback(event, filename, platform) : undefined;
    return { topic: title, content: trace ? `${heading}${block}\n\n${trace}` : heading + block };
  }
  if (event.has('logentry')) {
    return {
      topic: title,
      content: `**New message event:** [${title}](${webLink})\n${details(facts)}`,
    };
  }
  throw new UnsupportedEventError('unknown-event type');
}
