import { z } from 'zod';
import { optional } from '../http/params';
import { integration, type WebhookMessage } from './integration';
import type { Payload } from './payload';

// A label, else an annotation, else the fallback: Zulip's lookup of the
// `name` (topic) and `desc` (line) fields of each alert.
function field(alert: Payload, name: string, fallback: string): string {
  for (const source of ['labels', 'annotations']) {
    const value = alert.optional(source)?.optional(name);
    if (value) return value.string();
  }
  return fallback;
}

/** Prometheus Alertmanager: one message per topic and status, firing first. */
export const alertmanager = integration({
  urlName: 'alertmanager',
  name: 'Alertmanager',
  displayName: 'Prometheus Alertmanager',
  allEventTypes: null,
  params: {
    name: optional('text', z.string(), 'instance'),
    desc: optional('text', z.string(), 'alertname'),
  },
  handle: (call) => {
    const { name, desc } = call.options;
    const topics = new Map<string, { firing: string[]; resolved: string[] }>();
    for (const alert of call.payload().get('alerts').list()) {
      const topic = field(alert, name, '(unknown)');
      const line = field(alert, desc, `<missing field: ${desc}>`);
      // Zulip links the expression's graph view (tab=0), not its table view, as the alert's source.
      const url = alert.str('generatorURL').replaceAll('tab=1', 'tab=0');
      const status = alert.get('status');
      const state = status.string();
      if (state !== 'firing' && state !== 'resolved') {
        throw status.invalid('is neither firing nor resolved');
      }
      const lists = topics.get(topic) ?? { firing: [], resolved: [] };
      lists[state].push(`${line} ([source](${url}))`);
      topics.set(topic, lists);
    }
    const messages: WebhookMessage[] = [];
    for (const [topic, lists] of topics) {
      for (const state of ['firing', 'resolved'] as const) {
        const lines = lists[state];
        if (lines.length === 0) continue;
        const heading = state === 'firing' ? ':alert: **FIRING**' : ':squared_ok: **Resolved**';
        const content =
          lines.length === 1
            ? `${heading} ${lines[0] ?? ''}`
            : `${heading}\n${lines.map((line) => `* ${line}`).join('\n')}`;
        messages.push({ topic, content });
      }
    }
    return messages;
  },
});
