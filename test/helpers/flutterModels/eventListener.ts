import type { AppCall } from './appHttp';
import { isObject, type JsonObject } from './jsonKinds';

/** One answer the app reads, or one event, with the zulip-flutter model it must satisfy. */
export interface Exchange {
  /** How a problem names it: "POST /register", "event typing start". */
  label: string;
  /** The model the app reads it with; undefined where the app reads nothing but success. */
  model: string | undefined;
  status: number;
  json: unknown;
}

const eventLabel = (event: JsonObject) =>
  `event ${String(event.type)}${typeof event.op === 'string' ? ` ${event.op}` : ''}`;

/**
 * The app's long-poll of its queue (getEvents in route/events.dart:
 * `queue_id`, `last_event_id`, no `dont_block`), recording each answer and
 * each event, and waiting for the event an action should bring.
 */
export function eventListener(
  call: AppCall,
  queueId: string,
  firstLastEventId: number,
  record: (exchange: Exchange) => void,
) {
  let lastEventId = firstLastEventId;
  let broken = false;
  const received: JsonObject[] = [];

  async function pollOnce(timeoutMs: number): Promise<void> {
    const params = { queue_id: queueId, last_event_id: lastEventId };
    const answer = await call('GET', '/events', params, { timeoutMs });
    if (answer.status === 0) return;
    const events =
      isObject(answer.json) && Array.isArray(answer.json.events) ? answer.json.events : [];
    // The answer's own keys; its events are checked one by one, as Event.fromJson reads them.
    const envelope = isObject(answer.json) ? { ...answer.json, events: [] } : answer.json;
    record({
      label: 'GET /events',
      model: 'GetEventsResult',
      status: answer.status,
      json: envelope,
    });
    if (answer.status !== 200) broken = true;
    for (const event of events) {
      const label = isObject(event) ? eventLabel(event) : 'event';
      record({ label, model: 'Event', status: 200, json: event });
      if (!isObject(event)) continue;
      received.push(event);
      if (typeof event.id === 'number') lastEventId = Math.max(lastEventId, event.id);
    }
  }

  return {
    /**
     * Runs the action, then polls until an event it should bring arrives;
     * resolves to whether one did within `timeoutMs`.
     */
    async expect(
      action: () => Promise<unknown>,
      matches: (event: JsonObject) => boolean,
      timeoutMs: number,
    ): Promise<boolean> {
      const from = received.length;
      await action();
      const deadline = Date.now() + timeoutMs;
      while (!broken && !received.slice(from).some(matches)) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        await pollOnce(left);
      }
      return received.slice(from).some(matches);
    },
  };
}
