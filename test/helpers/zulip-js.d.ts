// The part of zulip-js (which ships no types) that Hearth's tests drive.
declare module 'zulip-js' {
  type Params = Record<string, unknown>;
  // Responses differ per endpoint; tests read their fields freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Response = { result: 'success' | 'error'; msg: string } & Record<string, any>;
  type Call = (params: Params) => Promise<Response>;

  export interface ZulipClient {
    config: { apiURL: string; username: string; apiKey: string };
    callEndpoint(endpoint: string, method?: string, params?: Params): Promise<Response>;
    messages: {
      send: Call;
      retrieve: Call;
      update: Call;
      getById: Call;
      getHistoryById: Call;
      deleteById: Call;
      flags: { add: Call; remove: Call };
    };
    queues: {
      register(params?: Params): Promise<Response>;
      deregister: Call;
    };
    events: { retrieve: Call };
    reactions: { add: Call; remove: Call };
    emojis: { retrieve(params?: Params): Promise<Response> };
    /** GET /realm/filters, the list Zulip 4.0 moved to /realm/linkifiers. */
    filters: { retrieve(params?: Params): Promise<Response> };
    /** Registers a queue, then long-polls it forever, calling back with each event. */
    callOnEachEvent(
      callback: (event: { id: number; type: string } & Record<string, unknown>) => void,
      eventTypes?: string[] | null,
    ): Promise<never>;
    streams: {
      retrieve(params?: Params): Promise<Response>;
      getStreamId(stream: string | Params): Promise<Response>;
      subscriptions: { retrieve(params?: Params): Promise<Response> };
      topics: { retrieve: Call };
      deleteById: Call;
    };
    users: {
      retrieve(params?: Params): Promise<Response>;
      create: Call;
      me: {
        getProfile(): Promise<Response>;
        subscriptions: { add: Call; remove: Call };
        alertWords: { retrieve(params?: Params): Promise<Response> };
      };
    };
    server: { settings(): Promise<Response> };
  }

  export default function zulip(config: {
    username: string;
    apiKey?: string;
    password?: string;
    realm: string;
  }): Promise<ZulipClient>;
}
