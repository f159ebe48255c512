import { z } from 'zod';
import { messageSchema, subscriptionSchema } from '../src-main/wire';

export type { Message, Subscription, RecipientUser } from '../src-main/wire';

// The one contract between the untrusted renderer and the main side. Main
// registers a handler for every entry of `bridgeCalls` and parses its argument
// with the entry's schema; the preload (and the WebSocket harness) expose
// exactly these names. The renderer imports only the types below.

export const connectionStateSchema = z.enum(['connecting', 'connected', 'offline']);
export type ConnectionState = z.infer<typeof connectionStateSchema>;

export const snapshotSchema = z.object({
  user: z.object({ userId: z.number().int(), email: z.string(), fullName: z.string() }),
  realmName: z.string(),
  subscriptions: z.array(subscriptionSchema),
  connection: connectionStateSchema,
});
export type Snapshot = z.infer<typeof snapshotSchema>;

const streamName = z.string().trim().min(1).max(60);
const topicName = z.string().trim().min(1).max(60);

export const bridgeCalls = {
  getSnapshot: { args: z.object({}), result: snapshotSchema },
  getMessages: {
    args: z.object({ stream: streamName, topic: topicName.optional() }),
    result: z.array(messageSchema),
  },
  sendMessage: {
    args: z.object({ stream: streamName, topic: topicName, content: z.string().min(1).max(10000) }),
    result: z.object({ id: z.number().int() }),
  },
} as const;

export const bridgeEvents = {
  message: messageSchema,
  subscriptions: z.array(subscriptionSchema),
  connection: connectionStateSchema,
} as const;

export type BridgeCallName = keyof typeof bridgeCalls;
export type BridgeEventName = keyof typeof bridgeEvents;
export type CallArgs<K extends BridgeCallName> = z.input<(typeof bridgeCalls)[K]['args']>;
export type CallResult<K extends BridgeCallName> = z.output<(typeof bridgeCalls)[K]['result']>;
export type EventPayload<E extends BridgeEventName> = z.output<(typeof bridgeEvents)[E]>;

export type BridgeCalls = {
  [K in BridgeCallName]: (args: CallArgs<K>) => Promise<CallResult<K>>;
};

export interface ChatBridge extends BridgeCalls {
  /** Listens for a pushed event; returns the function that stops listening. */
  on<E extends BridgeEventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** What main implements: the calls, plus a way to push events to one renderer. */
export interface BridgeService extends BridgeCalls {
  subscribe(
    push: <E extends BridgeEventName>(event: E, payload: EventPayload<E>) => void,
  ): () => void;
}

export const callChannel = (name: BridgeCallName): string => `hearth:call:${name}`;
export const eventChannel = 'hearth:event';

// Frames of the WebSocket implementation of the same contract.
export type WsRequest = { id: number; method: string; args: unknown };
export type WsFrame =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: string }
  | { event: BridgeEventName; payload: unknown };

export const bridgeCallNames = Object.keys(bridgeCalls) as BridgeCallName[];

export function isBridgeCallName(name: string): name is BridgeCallName {
  return Object.hasOwn(bridgeCalls, name);
}

/**
 * Routes one call from an untrusted renderer: only names of the contract reach
 * the service, which parses the argument with the call's schema itself.
 */
export function invokeBridgeCall(
  service: BridgeCalls,
  name: string,
  args: unknown,
): Promise<unknown> {
  if (!isBridgeCallName(name)) return Promise.reject(new Error(`Unknown bridge call: ${name}`));
  const call = service[name] as (args: unknown) => Promise<unknown>;
  return call.call(service, args);
}
