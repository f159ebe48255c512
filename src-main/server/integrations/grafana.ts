import { integration, type WebhookMessage } from './integration';
import type { Payload } from './payload';

// Grafana writes "no end yet" as the zero time.
const NO_END = '0001-01-01T00:00:00Z';

// Python's str() of a JSON value, which Zulip writes alert values with.
function pythonText(value: unknown): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const status = (icon: string, state: string) => `${icon} **${state.toUpperCase()}**\n\n`;

function oneOf<T extends string>(value: Payload, allowed: readonly T[]): T {
  const text = value.string();
  if (!(allowed as readonly string[]).includes(text)) {
    throw value.invalid(`is not one of ${allowed.join(', ')}`);
  }
  return text as T;
}

const list = (entries: [string, Payload][], show: (value: Payload) => string) =>
  entries.map(([key, value]) => `- ${key}: ${show(value)}\n`).join('');

// Grafana 8 and later ("unified alerting"): one message per alert.
function unifiedAlert(alert: Payload): WebhookMessage {
  const state = oneOf(alert.get('status'), ['firing', 'resolved'] as const);
  let content = state === 'firing' ? status(':alert:', state) : status(':checkbox:', state);
  const labels = alert.get('labels');
  const alertname = labels.optional('alertname');
  let topic: string;
  if (alertname?.truthy) {
    topic = `[${alertname.string()}]`;
    content += `**${alertname.string()}**\n\n`;
  } else {
    // Without a name, the alert's fingerprint tells it apart.
    topic = `[${alert.str('fingerprint')}]`;
  }
  content += `This alert was fired at <time:${alert.str('startsAt')}>.`;
  const endsAt = alert.str('endsAt');
  if (endsAt !== NO_END) content += `\n\nThis alert was resolved at <time:${endsAt}>.`;
  if (labels.truthy) {
    content += `\n\nLabels:\n${list(labels.entries(), (value) => value.string())}\n`;
  }
  const values = alert.optional('values');
  const valueString = alert.optional('valueString');
  if (values?.truthy) {
    content += `Values:\n${list(values.entries(), (value) => pythonText(value.value))}\n`;
  } else if (valueString?.truthy) {
    content += `Values:\n${valueString.string()}\n\n`;
  }
  const annotations = alert.optional('annotations');
  if (annotations?.truthy) {
    content += `Annotations:\n${list(annotations.entries(), (value) => value.string())}`;
  }
  for (const [key, label] of [
    ['generatorURL', 'Generator'],
    ['silenceURL', 'Silence'],
    ['imageURL', 'Image'],
  ] as const) {
    const url = alert.optional(key);
    if (url?.truthy) content += `\n[${label}](${url.string()})`;
  }
  return { topic, content: `${content}\n`, event: state };
}

// Grafana 7 ("legacy alerting"): one message per notification.
function legacyAlert(payload: Payload): WebhookMessage {
  const state = oneOf(payload.get('state'), [
    'no_data',
    'paused',
    'alerting',
    'ok',
    'pending',
    'unknown',
  ] as const);
  const icon = state === 'alerting' ? ':alert:' : state === 'ok' ? ':squared_ok:' : ':info:';
  const matches = payload.optional('evalMatches');
  const evaluated = (matches?.list() ?? [])
    .map((match) => `**${match.str('metric')}:** ${pythonText(match.get('value').value)}\n`)
    .join('');
  const message = payload.has('message') ? `${payload.str('message')}\n\n` : '';
  let content =
    `${status(icon, state)}[${payload.str('ruleName')}](${payload.str('ruleUrl')})\n\n` +
    `${message}${evaluated}`;
  if (payload.has('imageUrl')) {
    content += `\n[Click to view visualization](${payload.str('imageUrl')})`;
  }
  return { topic: payload.str('title'), content: content.trim(), event: state };
}

const EVENT_TYPES = ['ok', 'pending', 'alerting', 'paused', 'firing', 'resolved'];

export const grafana = integration({
  urlName: 'grafana',
  name: 'Grafana',
  displayName: 'Grafana',
  allEventTypes: EVENT_TYPES,
  params: {},
  handle: (call) => {
    const payload = call.payload();
    return payload.has('alerts')
      ? payload.get('alerts').list().map(unifiedAlert)
      : [legacyAlert(payload)];
  },
});
