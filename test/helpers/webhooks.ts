import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { startOrg, type ApiResponse, type Org, type TestUser } from './org';

export interface WebhookPost {
  /** URL parameters; the bot's api_key is added unless `apiKey` is null. */
  query?: Record<string, string>;
  apiKey?: string | null;
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** Posts to /api/v1/external/{integration} as a third-party service would. */
export async function postWebhook(
  org: Org,
  bot: TestUser,
  integration: string,
  post: WebhookPost = {},
): Promise<ApiResponse> {
  const url = new URL(`${org.url}/api/v1/external/${integration}`);
  const apiKey = post.apiKey === undefined ? bot.apiKey : post.apiKey;
  if (apiKey !== null) url.searchParams.set('api_key', apiKey);
  for (const [name, value] of Object.entries(post.query ?? {})) url.searchParams.set(name, value);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': post.contentType ?? 'application/json', ...post.headers },
    body: post.body ?? '{}',
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // Left as text: the assertion on it will show what came back.
  }
  return { status: response.status, headers: response.headers, json };
}

/** Creates an incoming-webhook bot owned by `owner`. */
export async function createWebhookBot(org: Org, owner: TestUser, shortName: string) {
  const response = await org.api(owner)('POST', '/bots', {
    full_name: `${shortName} hook`,
    short_name: shortName,
    bot_type: 2,
  });
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  return {
    id: response.json.user_id as number,
    email: `${shortName}-bot@hearth.local`,
    fullName: `${shortName} hook`,
    apiKey: response.json.api_key as string,
  };
}

export interface SentMessage {
  id: number;
  type: string;
  subject: string;
  content: string;
  client: string;
  sender_id: number;
  display_recipient: unknown;
}

/** The newest messages `viewer` can read, oldest first, as raw Markdown. */
export async function newestMessages(
  org: Org,
  viewer: TestUser,
  count = 1,
): Promise<SentMessage[]> {
  const response = await org.api(viewer)('GET', '/messages', {
    anchor: 'newest',
    num_before: count,
    num_after: 0,
    apply_markdown: false,
  });
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  return response.json.messages as SentMessage[];
}

export async function newestMessage(org: Org, viewer: TestUser): Promise<SentMessage> {
  const [message] = await newestMessages(org, viewer);
  if (!message) throw new Error('no message');
  return message;
}

/** A fixture of test/server/integrations/fixtures/<integration>/, as text. */
export function fixture(integration: string, name: string): string {
  return readFileSync(
    join(import.meta.dirname, '..', 'server', 'integrations', 'fixtures', integration, name),
    'utf8',
  );
}

export interface IntegrationOrg {
  org: Org;
  owner: TestUser;
  bot: TestUser;
}

/** An organization where Alice follows `stream` and owns an incoming-webhook bot. */
export async function startIntegrationOrg(
  shortName: string,
  stream: string,
): Promise<IntegrationOrg> {
  const org = await startOrg();
  const owner = await org.user('alice');
  await org.subscribe(owner, stream);
  return { org, owner, bot: await createWebhookBot(org, owner, shortName) };
}

/** The newest message the owner sees is the bot's, sent as `client`, with this topic and content. */
export async function expectBotMessage(
  hook: IntegrationOrg,
  client: string,
  topic: string,
  content: string,
): Promise<void> {
  const message = await newestMessage(hook.org, hook.owner);
  expect(message).toMatchObject({ client, sender_id: hook.bot.id });
  expect({ subject: message.subject, content: message.content }).toEqual({
    subject: topic,
    content,
  });
}

/** Zulip's own fixture cases and payloads, beside the checkout (their README keeps them out of it). */
export const sharedZulipFixtures = resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'shared',
  'zulip-webhook-fixtures',
);

/**
 * A payload of Zulip's for `integration`: ours under
 * test/server/integrations/zulip-fixtures/, else the one beside the checkout.
 */
export function zulipPayload(integration: string, fixture: string): string {
  const file = `${fixture}.json`;
  const ours = join(import.meta.dirname, '..', 'server', 'integrations', 'zulip-fixtures');
  const path = existsSync(join(ours, integration, file))
    ? join(ours, integration, file)
    : join(sharedZulipFixtures, integration, file);
  return readFileSync(path, 'utf8');
}

/** The stream's newest message, raw, as Zulip's check_webhook reads it back. */
export async function newestInStream(
  org: Org,
  viewer: TestUser,
  stream: string,
): Promise<SentMessage | undefined> {
  const response = await org.api(viewer)('GET', '/messages', {
    anchor: 'newest',
    num_before: 1,
    num_after: 0,
    apply_markdown: false,
    narrow: [{ operator: 'channel', operand: stream }],
  });
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  return (response.json.messages as SentMessage[]).at(-1);
}

/** What a post adds to the body: URL parameters beside the stream, and headers. */
export interface PostExtras {
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface IntegrationUnderTest {
  /** The organization, its owner and the webhook bot, once beforeAll has made them. */
  readonly hook: IntegrationOrg;
  /** Posts `body` to the integration, to `stream` unless the query names another. */
  post(
    body: string,
    query?: Record<string, string>,
    headers?: Record<string, string>,
  ): Promise<ApiResponse>;
  /** The ID of the stream's newest message, 0 when it has none. */
  newestId(): Promise<number>;
  /** The ID of the newest message the owner can read anywhere (a notice to them too), 0 when none. */
  newestTheOwnerReads(): Promise<number>;
  /** Posts `body`, which the integration takes and posts nothing for (an event filtered out), nor tells the owner of. */
  expectNothingPosted(body: string, extras?: PostExtras): Promise<void>;
  /**
   * Posts `body`, an event Zulip's integration does not support: it is
   * answered with success and Zulip's code, message and event type, and posts nothing.
   */
  expectUnsupported(body: string, eventType: string, extras?: PostExtras): Promise<void>;
  /** Posts `body`, which lacks `key`: it is refused, naming the key as Zulip does, and posts nothing. */
  expectMissingKey(body: string, key: string, extras?: PostExtras): Promise<void>;
}

/**
 * An organization for one integration's tests, made in beforeAll and closed
 * in afterAll of the `describe` that calls this. `name` is the one Zulip's
 * answers give the integration ("The Gitea payload is missing …").
 */
export function integrationUnderTest(
  urlName: string,
  stream: string,
  name: string,
): IntegrationUnderTest {
  let made: IntegrationOrg | undefined;
  beforeAll(async () => {
    made = await startIntegrationOrg(urlName, stream);
  });
  afterAll(() => made?.org.close());
  const hook = (): IntegrationOrg => {
    if (!made) throw new Error(`the ${urlName} organization is made in beforeAll`);
    return made;
  };
  const post: IntegrationUnderTest['post'] = (body, query = {}, headers = {}) =>
    postWebhook(hook().org, hook().bot, urlName, { query: { stream, ...query }, body, headers });
  const newestId = async (): Promise<number> =>
    (await newestInStream(hook().org, hook().owner, stream))?.id ?? 0;
  // Nothing anywhere the owner reads: not in the stream, nor a notice to them.
  const newestTheOwnerReads = async (): Promise<number> =>
    (await newestMessages(hook().org, hook().owner))[0]?.id ?? 0;
  const postingNothing = async (
    body: string,
    { query, headers }: PostExtras,
    check: (response: ApiResponse) => void,
  ): Promise<void> => {
    const before = await newestTheOwnerReads();
    check(await post(body, query, headers));
    expect(await newestTheOwnerReads()).toBe(before);
  };
  return {
    get hook() {
      return hook();
    },
    post,
    newestId,
    newestTheOwnerReads,
    expectNothingPosted: (body, extras = {}) =>
      postingNothing(body, extras, (response) => {
        expect(response.json).toEqual({ result: 'success', msg: '' });
      }),
    expectUnsupported: (body, eventType, extras = {}) =>
      postingNothing(body, extras, (response) => {
        expect(response.status).toBe(200);
        expect(response.json).toMatchObject({
          result: 'success',
          code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE',
          event_type: eventType,
          msg: `The '${eventType}' event isn't currently supported by the ${name} webhook`,
        });
      }),
    expectMissingKey: (body, key, extras = {}) =>
      postingNothing(body, extras, (response) => {
        expect(response.status).toBe(400);
        expect(response.json).toMatchObject({
          result: 'error',
          msg: `The ${name} payload is missing '${key}'`,
          payload_key: key,
        });
      }),
  };
}
