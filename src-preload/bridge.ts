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

// Zulip's four kinds of bot; Hearth creates only the first two.
export const botTypeSchema = z.enum([
  'generic',
  'incoming_webhook',
  'outgoing_webhook',
  'embedded',
]);
export type BotType = z.infer<typeof botTypeSchema>;

// A bot as the renderer sees it: never its API key, which reaches the page
// only inside the webhook URL the user asked for.
export const botSchema = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  botType: botTypeSchema,
});
export type Bot = z.infer<typeof botSchema>;

// The incoming-webhook integrations a Hearth host serves, by the name in their URL.
const integrationNameSchema = z.enum([
  'helloworld',
  'github',
  'gitlab',
  'alertmanager',
  'grafana',
  'slack_incoming',
]);
export type WebhookIntegrationName = z.infer<typeof integrationNameSchema>;

const integrationSchema = z.object({
  name: integrationNameSchema,
  /** What the Bots view calls it. */
  label: z.string(),
  /** Whose webhook settings take the URL. */
  tool: z.string(),
});
export type WebhookIntegration = z.infer<typeof integrationSchema>;

const integrationLabels: Record<WebhookIntegrationName, Omit<WebhookIntegration, 'name'>> = {
  helloworld: { label: 'Hello World', tool: 'Hello World' },
  github: { label: 'GitHub', tool: 'GitHub' },
  gitlab: { label: 'GitLab', tool: 'GitLab' },
  alertmanager: { label: 'Prometheus Alertmanager', tool: 'Alertmanager' },
  grafana: { label: 'Grafana', tool: 'Grafana' },
  slack_incoming: { label: 'Slack-compatible incoming webhook', tool: 'the other tool' },
};
export const webhookIntegrations: readonly WebhookIntegration[] = integrationNameSchema.options.map(
  (name) => ({ name, ...integrationLabels[name] }),
);

// As Zulip's bot forms: the name a person reads, and the short name that
// becomes `<short name>-bot@…`, so it must fit an email address's local part.
const botFullName = z.string().trim().min(1).max(100);
const botShortName = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(
    /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/,
    "a short name holds letters, digits and !#$%&'*+/=?^_`{|}~-, with single dots between them",
  );
const botId = z.object({ botId: z.number().int().positive() });

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
  listBots: {
    args: z.object({}),
    result: z.object({
      bots: z.array(botSchema),
      integrations: z.array(integrationSchema),
    }),
  },
  createBot: {
    args: z.object({
      fullName: botFullName,
      shortName: botShortName,
      botType: botTypeSchema.extract(['generic', 'incoming_webhook']),
    }),
    result: botSchema,
  },
  regenerateBotKey: { args: botId, result: z.object({}) },
  deactivateBot: { args: botId, result: z.object({}) },
  webhookUrl: {
    args: botId.extend({
      integration: integrationNameSchema,
      stream: streamName.optional(),
      topic: topicName.optional(),
    }),
    result: z.object({ url: z.string() }),
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
