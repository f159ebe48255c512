import type {
  BridgeEventName,
  ChatBridge,
  EventPayload,
  WsFrame,
  WsRequest,
} from '../../src-preload/bridge';

type Listener = (payload: never) => void;

// The WebSocket twin of the preload: every property but `on` is a call of the
// same name, so the method names live only in the contract.
export function connectWsBridge(url: string): ChatBridge {
  const socket = new WebSocket(url);
  const opened = new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('bridge unreachable')), {
      once: true,
    });
  });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<BridgeEventName, Set<Listener>>();
  let nextId = 1;

  const emit = (event: BridgeEventName, payload: unknown): void => {
    for (const listener of listeners.get(event) ?? []) (listener as (p: unknown) => void)(payload);
  };

  socket.addEventListener('message', (message: MessageEvent<string>) => {
    const frame = JSON.parse(message.data) as WsFrame;
    if ('event' in frame) return emit(frame.event, frame.payload);
    const waiter = pending.get(frame.id);
    pending.delete(frame.id);
    if (frame.ok) waiter?.resolve(frame.result);
    else waiter?.reject(new Error(frame.error));
  });
  socket.addEventListener('close', () => {
    for (const waiter of pending.values()) waiter.reject(new Error('bridge closed'));
    pending.clear();
  });

  const call = async (method: string, args: unknown): Promise<unknown> => {
    await opened;
    // A closed socket drops what is sent: fail the call rather than leave it waiting forever.
    if (socket.readyState !== WebSocket.OPEN) throw new Error('bridge closed');
    const id = nextId++;
    const request: WsRequest = { id, method, args };
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify(request));
    });
  };

  const on = <E extends BridgeEventName>(
    event: E,
    listener: (payload: EventPayload<E>) => void,
  ): (() => void) => {
    const set = listeners.get(event) ?? new Set<Listener>();
    listeners.set(event, set);
    set.add(listener);
    return () => set.delete(listener);
  };

  return new Proxy({ on } as ChatBridge, {
    get: (target, name) =>
      name === 'on' || typeof name !== 'string'
        ? Reflect.get(target, name)
        : (args: unknown) => call(name, args),
  });
}
