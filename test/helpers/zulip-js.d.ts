// The part of zulip-js (which ships no types) that Hearth's tests drive.
declare module 'zulip-js' {
  type Params = Record<string, unknown>;
  // Responses differ per endpoint; tests read their fields freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Response = { result: 'success' | 'error'; msg: string } & Record<string, any>;

  export interface ZulipClient {
    config: { apiURL: string; username: string; apiKey: string };
    callEndpoint(endpoint: string, method?: string, params?: Params): Promise<Response>;
    messages: {
      send(params: Params): Promise<Response>;
      retrieve(params: Params): Promise<Response>;
    };
    queues: {
      register(params?: Params): Promise<Response>;
      deregister(params: Params): Promise<Response>;
    };
    events: { retrieve(params: Params): Promise<Response> };
    streams: {
      retrieve(params?: Params): Promise<Response>;
      subscriptions: { retrieve(params?: Params): Promise<Response> };
    };
    users: {
      retrieve(params?: Params): Promise<Response>;
      me: {
        getProfile(): Promise<Response>;
        subscriptions: { add(params: Params): Promise<Response> };
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
