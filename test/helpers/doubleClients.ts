import { createApi, type Api } from '../../src-main/client/api';
import { createHttpClient, type Params } from '../../src-main/client/api/http';
import { apiSuccessSchema, type AnyEvent } from '../../src-main/wire';
import { caller, type ApiCall } from './org';
import type { Seat, ZulipDouble } from './zulipDouble';

// What the Hearth client declares when it registers.
export const hearthCapabilities = {
  notification_settings_null: true,
  bulk_message_deletion: true,
  user_settings_object: true,
  empty_topic_name: true,
  archived_channels: true,
  user_list_incomplete: true,
};

/** An event queue on the double and the state it was registered with. */
export interface Listener {
  state: Record<string, unknown>;
  /** The events that arrived since the last look, heartbeats left out; waits for none. */
  drain(): Promise<AnyEvent[]>;
}

/** The ways a test reaches the double: the Hearth client's API, and raw HTTP for what it has no call for. */
export function clientsOf(double: ZulipDouble) {
  const apiFor = (seat: Seat): Api =>
    createApi(
      { serverUrl: double.url, email: seat.email, apiKey: seat.apiKey },
      { featureLevel: () => double.org.featureLevel },
    );
  const raw = (seat: Seat): ApiCall => caller(() => double.url, seat);
  /** A call as the administrator through the client's HTTP layer, for what the Api has no method for; a refusal throws. */
  const asAdmin = (method: 'POST' | 'PATCH' | 'DELETE', path: string, params: Params = {}) =>
    createHttpClient({
      serverUrl: double.url,
      email: double.users.admin.email,
      apiKey: double.users.admin.apiKey,
    }).request(method, path, params, apiSuccessSchema);

  /** Registers a queue as the seat with the capabilities; an action's events are queued before it answers. */
  async function listen(
    seat: Seat,
    capabilities: Record<string, boolean> = hearthCapabilities,
  ): Promise<Listener> {
    const call = raw(seat);
    const registered = await call('POST', '/register', {
      client_capabilities: JSON.stringify(capabilities),
      apply_markdown: 'true',
    });
    if (registered.status !== 200) throw new Error(JSON.stringify(registered.json));
    const state = registered.json as Record<string, unknown>;
    let lastEventId = Number(state.last_event_id);
    return {
      state,
      async drain() {
        const answer = await call('GET', '/events', {
          queue_id: String(state.queue_id),
          last_event_id: String(lastEventId),
          dont_block: 'true',
        });
        const events = (answer.json as { events: AnyEvent[] }).events;
        lastEventId = Math.max(lastEventId, ...events.map((event) => event.id));
        return events.filter((event) => event.type !== 'heartbeat');
      },
    };
  }

  /** A fresh registration's state as the seat sees it. */
  const stateOf = async (seat: Seat) => (await listen(seat)).state;

  return { apiFor, raw, asAdmin, listen, stateOf };
}

export type DoubleClients = ReturnType<typeof clientsOf>;
