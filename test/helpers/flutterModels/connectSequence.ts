import { appCall, type AppCall, type AppResponse } from './appHttp';
import { registerParameters } from './appRequests';
import { eventListener, type Exchange } from './eventListener';
import { isObject, type JsonObject } from './jsonKinds';

export type { Exchange } from './eventListener';

export interface AppCredentials {
  /** Who signs in to the app, by password as its login does. */
  me: { id: number; email: string; password: string };
  /** Someone in a channel with them, whose message, typing and presence reach the app as events. */
  other: { id: number; email: string; apiKey: string };
  /** A channel both are subscribed to. */
  channel: { id: number; name: string };
}

export interface ConnectOptions {
  /** How long to wait for the event an action should bring. */
  eventWaitMs?: number;
  /** Where the API folder is, if not beside the repository. */
  flutterApiRoot?: string;
}

export interface ConnectResult {
  /** The feature level the server settings gave, which the app adapts its requests to. */
  featureLevel: number | undefined;
  exchanges: Exchange[];
  /** The events that never came, each named for the action that should have brought it. */
  missingEvents: string[];
}

const topic = 'mobile app';

/** Every model the sequence pairs an answer or an event with. */
export const connectModels = [
  'GetServerSettingsResult',
  'FetchApiKeyResult',
  'InitialSnapshot',
  'GetEventsResult',
  'Event',
  'SendMessageResult',
  'UpdateMessageFlagsResult',
  'UpdateMessageResult',
  'UpdatePresenceResult',
  'GetMessagesResult',
  'GetMessageResult',
] as const;

type ConnectModel = (typeof connectModels)[number];

/**
 * Zulip's mobile app connecting to the server at `url` and using it as its
 * routes (lib/api/route/*.dart) do: server settings, an API key by password,
 * register with the app's own parameters and capabilities (neither
 * `event_types` nor `fetch_event_types`: every event, all the data), then a message,
 * a direct message from someone else, a reaction, flags, an edit, typing,
 * presence, the events each brings, and the narrows the app reads.
 */
export async function connectSequence(
  url: string,
  credentials: AppCredentials,
  options: ConnectOptions = {},
): Promise<ConnectResult> {
  const exchanges: Exchange[] = [];
  const missingEvents: string[] = [];
  const record = (exchange: Exchange) => exchanges.push(exchange);
  const exchange = async (
    label: string,
    model: ConnectModel | undefined,
    answer: Promise<AppResponse>,
  ) => {
    const { status, json } = await answer;
    record({ label, model, status, json });
    return status === 200 && isObject(json) ? json : undefined;
  };

  const anonymous = appCall(url);
  const settings = await exchange(
    'GET /server_settings',
    'GetServerSettingsResult',
    anonymous('GET', '/server_settings'),
  );
  const level =
    typeof settings?.zulip_feature_level === 'number' ? settings.zulip_feature_level : 0;
  const key = await exchange(
    'POST /fetch_api_key',
    'FetchApiKeyResult',
    anonymous('POST', '/fetch_api_key', {
      username: credentials.me.email,
      password: credentials.me.password,
    }),
  );
  const result = { featureLevel: settings ? level : undefined, exchanges, missingEvents };
  if (typeof key?.api_key !== 'string') return result;
  const email = typeof key.email === 'string' ? key.email : credentials.me.email;
  const app = appCall(url, { email, apiKey: key.api_key });
  const other = appCall(url, { email: credentials.other.email, apiKey: credentials.other.apiKey });

  const registerParams = registerParameters(options.flutterApiRoot);
  const snapshot = await exchange(
    'POST /register',
    'InitialSnapshot',
    app('POST', '/register', registerParams),
  );
  if (typeof snapshot?.queue_id !== 'string' || typeof snapshot.last_event_id !== 'number') {
    return result;
  }
  const queueId = snapshot.queue_id;
  const listener = eventListener(app, queueId, snapshot.last_event_id, record);
  const waitMs = options.eventWaitMs ?? 5_000;
  const expect = async (
    what: string,
    action: () => Promise<unknown>,
    matches: (event: JsonObject) => boolean,
  ) => {
    if (!(await listener.expect(action, matches, waitMs))) missingEvents.push(what);
  };

  const ids: { sent?: number | undefined; direct?: number | undefined } = {};
  await expect(
    'a message in a channel',
    async () => {
      ids.sent = await sendToChannel(app, exchange, level, credentials, queueId);
    },
    (event) => ids.sent !== undefined && messageOf(event)?.id === ids.sent,
  );
  await expect(
    'a direct message from someone else',
    async () => {
      const sent = await exchange(
        'someone else: POST /messages',
        'SendMessageResult',
        other('POST', '/messages', {
          type: level >= 174 ? 'direct' : 'private',
          to: [credentials.me.id],
          content: 'A direct message to the mobile app',
        }),
      );
      if (typeof sent?.id === 'number') ids.direct = sent.id;
    },
    (event) => messageOf(event)?.type === 'private',
  );
  if (ids.sent !== undefined) await reactStarAndEdit(app, exchange, expect, ids.sent);
  if (ids.direct !== undefined) await readAndUnread(app, exchange, expect, ids.direct);
  await typing(other, exchange, expect, level, credentials);
  await expect(
    'presence of someone else',
    () =>
      exchange(
        'someone else: POST /users/me/presence',
        'UpdatePresenceResult',
        other('POST', '/users/me/presence', { status: 'active', slim_presence: true }),
      ),
    (event) => event.type === 'presence',
  );
  await exchange(
    'POST /users/me/presence',
    'UpdatePresenceResult',
    app('POST', '/users/me/presence', {
      status: 'active',
      new_user_input: true,
      slim_presence: true,
    }),
  );
  await readNarrows(app, exchange, level, credentials, ids.sent);
  return result;
}

type Exchanger = (
  label: string,
  model: ConnectModel | undefined,
  answer: Promise<AppResponse>,
) => Promise<JsonObject | undefined>;
type Expect = (
  what: string,
  action: () => Promise<unknown>,
  matches: (event: JsonObject) => boolean,
) => Promise<void>;

const messageOf = (event: JsonObject): JsonObject | undefined =>
  event.type === 'message' && isObject(event.message) ? event.message : undefined;

const flagEvent = (op: string, flag: string) => (event: JsonObject) =>
  event.type === 'update_message_flags' && event.op === op && event.flag === flag;

/** sendMessage (route/messages.dart) to a channel, with the queue and local ID the app's outbox gives. */
async function sendToChannel(
  app: AppCall,
  exchange: Exchanger,
  level: number,
  credentials: AppCredentials,
  queueId: string,
) {
  const sent = await exchange(
    'POST /messages',
    'SendMessageResult',
    app('POST', '/messages', {
      type: level >= 248 ? 'channel' : 'stream',
      to: credentials.channel.id,
      topic,
      content: 'Sent as the mobile app sends',
      queue_id: queueId,
      local_id: '1',
      ...(level >= 236 ? { read_by_sender: true } : {}),
    }),
  );
  return typeof sent?.id === 'number' ? sent.id : undefined;
}

async function reactStarAndEdit(app: AppCall, exchange: Exchanger, expect: Expect, id: number) {
  await expect(
    'a reaction',
    () =>
      exchange(
        'POST /messages/{id}/reactions',
        undefined,
        app('POST', `/messages/${id}/reactions`, {
          emoji_name: 'octopus',
          emoji_code: '1f419',
          reaction_type: 'unicode_emoji',
        }),
      ),
    (event) => event.type === 'reaction' && event.op === 'add',
  );
  await expect(
    'a star',
    () =>
      exchange(
        'POST /messages/flags',
        'UpdateMessageFlagsResult',
        flags(app, id, 'add', 'starred'),
      ),
    flagEvent('add', 'starred'),
  );
  await expect(
    'an edit',
    () =>
      exchange(
        'PATCH /messages/{id}',
        'UpdateMessageResult',
        app('PATCH', `/messages/${id}`, { content: 'Edited as the mobile app edits' }),
      ),
    (event) => event.type === 'update_message',
  );
}

const flags = (app: AppCall, id: number, op: string, flag: string) =>
  app('POST', '/messages/flags', { messages: [id], op, flag });

async function readAndUnread(app: AppCall, exchange: Exchanger, expect: Expect, id: number) {
  await expect(
    'marking read',
    () =>
      exchange('POST /messages/flags', 'UpdateMessageFlagsResult', flags(app, id, 'add', 'read')),
    flagEvent('add', 'read'),
  );
  await expect(
    'marking unread',
    () =>
      exchange(
        'POST /messages/flags',
        'UpdateMessageFlagsResult',
        flags(app, id, 'remove', 'read'),
      ),
    flagEvent('remove', 'read'),
  );
}

/** setTypingStatus (route/typing.dart), by someone else, in the channel's topic and to the app's user. */
async function typing(
  other: AppCall,
  exchange: Exchanger,
  expect: Expect,
  level: number,
  credentials: AppCredentials,
) {
  const post = (params: Record<string, unknown>) =>
    exchange('someone else: POST /typing', undefined, other('POST', '/typing', params));
  const inChannel = (op: string) => ({
    op,
    type: level >= 248 ? 'channel' : 'stream',
    ...(level >= 215 ? { stream_id: credentials.channel.id } : { to: [credentials.channel.id] }),
    topic,
  });
  const typingEvent = (op: string, messageType: string) => (event: JsonObject) =>
    event.type === 'typing' && event.op === op && event.message_type === messageType;
  await expect(
    'typing in a channel',
    () => post(inChannel('start')),
    typingEvent('start', 'stream'),
  );
  await expect('typing stopped', () => post(inChannel('stop')), typingEvent('stop', 'stream'));
  await expect(
    'typing in a direct message',
    () => post({ op: 'start', type: level >= 174 ? 'direct' : 'private', to: [credentials.me.id] }),
    (event) => event.type === 'typing' && event.message_type !== 'stream',
  );
}

/** getMessages and getMessage (route/messages.dart) in the narrows the app opens. */
async function readNarrows(
  app: AppCall,
  exchange: Exchanger,
  level: number,
  credentials: AppCredentials,
  sent: number | undefined,
) {
  const channel = {
    operator: level >= 250 ? 'channel' : 'stream',
    operand: credentials.channel.id,
  };
  const narrows: [string, unknown[], string][] = [
    ['the combined feed', [], 'newest'],
    ['a channel', [channel], 'first_unread'],
    ['a topic', [channel, { operator: 'topic', operand: topic }], 'first_unread'],
    [
      'a direct message',
      [{ operator: level >= 177 ? 'dm' : 'pm-with', operand: [credentials.other.id] }],
      'newest',
    ],
  ];
  for (const [name, narrow, anchor] of narrows) {
    await exchange(
      `GET /messages (${name})`,
      'GetMessagesResult',
      app('GET', '/messages', {
        narrow,
        anchor,
        num_before: 100,
        num_after: 100,
        allow_empty_topic_name: true,
      }),
    );
  }
  if (sent !== undefined) {
    await exchange(
      'GET /messages/{id}',
      'GetMessageResult',
      app('GET', `/messages/${sent}`, { allow_empty_topic_name: true }),
    );
  }
}
