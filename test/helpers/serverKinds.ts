import { caller, startOrg, testPassword, type ApiCall, type TestUser } from './org';
import { startZulipDouble, type Seat, type ZulipDouble } from './zulipDouble';

/** Someone on a test server, with what signing in by password needs. */
export interface Person extends TestUser {
  password: string;
}

export interface Channel {
  id: number;
  name: string;
}

/**
 * A server of any kind, seeded alike so one test reads the same against
 * each: two members who share two public channels, and an administrator.
 */
export interface TestServer {
  /** How a test's title names the server. */
  readonly kind: string;
  /** Ends a screenshot's name, so that each kind's pictures sit side by side. */
  readonly screenshotSuffix: string;
  readonly url: string;
  readonly featureLevel: number;
  /** The member who signs in to Hearth. */
  readonly me: Person;
  /** Another member, who writes to `me`. */
  readonly other: Person;
  /** Someone else, in neither channel's conversations unless a test puts them there. */
  readonly third: Person;
  readonly admin: TestUser;
  /** Both members are subscribed to both. */
  readonly channels: readonly [Channel, Channel];
  api(user?: TestUser): ApiCall;
  /** Sends to the channel's topic as the user; resolves to the message's ID. */
  send(user: TestUser, channel: Channel, topic: string, content: string): Promise<number>;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** How long a long-poll waits before a heartbeat. */
  heartbeatMs?: number;
}

export interface ServerKind {
  name: string;
  start(options?: ServerOptions): Promise<TestServer>;
}

function sender(api: TestServer['api']): TestServer['send'] {
  return async (user, channel, topic, content) => {
    const sent = await api(user)('POST', '/messages', {
      type: 'stream',
      to: channel.id,
      topic,
      content,
    });
    if (sent.status !== 200) {
      throw new Error(`sending to ${channel.name} failed: ${JSON.stringify(sent.json)}`);
    }
    return sent.json.id as number;
  };
}

/** A Hearth host, speaking Zulip 12.0 (feature level 498), on a fresh data folder. */
export const hearthHost: ServerKind = {
  name: 'a Hearth host',
  async start(options = {}) {
    const org = await startOrg(
      options.heartbeatMs ? { queueTimeouts: { heartbeatMs: options.heartbeatMs } } : {},
    );
    const me = { ...(await org.user('hamlet')), password: testPassword };
    const other = { ...(await org.user('cordelia')), password: testPassword };
    const third = { ...(await org.user('shiva')), password: testPassword };
    const channels: Channel[] = [];
    for (const name of ['Denmark', 'Scotland']) {
      for (const user of [me, other]) await org.subscribe(user, name);
      const found = await org.api(me)('GET', '/get_stream_id', { stream: name });
      channels.push({ id: found.json.stream_id as number, name });
    }
    const [first, second] = channels as [Channel, Channel];
    const api = (user?: TestUser) => org.api(user);
    return {
      kind: hearthHost.name,
      screenshotSuffix: '',
      url: org.url,
      featureLevel: 498,
      me,
      other,
      third,
      admin: org.owner,
      channels: [first, second],
      api,
      send: sender(api),
      close: () => org.close(),
    };
  },
};

const asPerson = (seat: Seat): Person => ({
  id: seat.id,
  email: seat.email,
  fullName: seat.fullName,
  apiKey: seat.apiKey,
  password: seat.password,
});

// A Hearth host has no messages: the documented examples' messages go, but
// for the archived channel's, which the window does not list. Each is
// deleted by its sender, as an administrator cannot reach others' direct messages.
async function deleteExampleMessages(double: ZulipDouble, api: TestServer['api']): Promise<void> {
  const seats = Object.values(double.users);
  for (const message of [...double.org.messages.values()]) {
    const sender = seats.find((seat) => seat.id === message.senderId);
    if (message.streamId === double.streams.rome || !sender) continue;
    const deleted = await api(sender)('DELETE', `/messages/${message.id}`);
    if (deleted.status !== 200) throw new Error(`DELETE: ${JSON.stringify(deleted.json)}`);
  }
}

/** The double's seats and channels as a test server of the kind. */
function doubleServer(kind: ServerKind, screenshotSuffix: string, double: ZulipDouble): TestServer {
  const api = (user?: TestUser) => caller(() => double.url, user);
  return {
    kind: kind.name,
    screenshotSuffix,
    url: double.url,
    featureLevel: double.org.featureLevel,
    me: asPerson(double.users.member),
    other: asPerson(double.users.member2),
    third: asPerson(double.users.moderator),
    admin: asPerson(double.users.admin),
    channels: [
      { id: double.streams.denmark, name: 'Denmark' },
      { id: double.streams.scotland, name: 'Scotland' },
    ],
    api,
    send: sender(api),
    close: () => double.close(),
  };
}

// Zulip's own default, which Hearth hosts share: anyone may move a message to
// another topic. The double starts stricter for its permission tests.
async function letAnyoneMoveTopics(server: TestServer, change: Record<string, string>) {
  const everyone = await server.api(server.admin)('PATCH', '/realm', change);
  if (everyone.status !== 200) throw new Error(`PATCH /realm: ${JSON.stringify(everyone.json)}`);
}

/** The Zulip 12 double, from Zulip's documented examples. */
export const modernZulip: ServerKind = {
  name: 'a Zulip 12 server',
  async start(options = {}) {
    const double = await startZulipDouble(
      options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {},
    );
    const server = doubleServer(modernZulip, '-zulip12', double);
    await letAnyoneMoveTopics(server, {
      can_move_messages_between_topics_group: JSON.stringify({ new: double.groups.everyone }),
    });
    await deleteExampleMessages(double, server.api);
    return server;
  },
};

/**
 * The double answering as Zulip 7.0 (feature level 185) does, from 7.0's
 * documentation: role policies, no empty topic, 7.0's names and shapes.
 */
export const oldZulip: ServerKind = {
  name: 'a Zulip 7.0 server',
  async start(options = {}) {
    const double = await startZulipDouble({
      zulipVersion: '7.0',
      ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
    });
    const server = doubleServer(oldZulip, '-zulip7', double);
    // Zulip 7.0's EDIT_TOPIC_POLICY_EVERYONE.
    await letAnyoneMoveTopics(server, { edit_topic_policy: '5' });
    await deleteExampleMessages(double, server.api);
    return server;
  },
};

/** Subscribes the user to the channel, as a test's setup does; a refusal throws. */
export async function joinChannel(
  server: TestServer,
  user: TestUser,
  channel: Channel,
): Promise<void> {
  const joined = await server.api(user)('POST', '/users/me/subscriptions', {
    subscriptions: JSON.stringify([{ name: channel.name }]),
  });
  if (joined.status !== 200) throw new Error(`subscribing: ${JSON.stringify(joined.json)}`);
}

/**
 * Every kind of server Hearth must work against, for `describe.each`: the
 * Hearth host and the Zulip 12 double, and a Zulip server from before the
 * group settings, which teams still run.
 */
export const serverKinds: readonly ServerKind[] = [hearthHost, modernZulip, oldZulip];
