import type { ManualClock } from '../../test/helpers/manualClock';
import type { ApiResponse, Org, TestUser } from '../../test/helpers/org';
import { multipart, postFiles, type FormFile } from '../../test/helpers/uploads';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/** Each request this far after the one before, so every timestamp the fixture holds is known. */
const STEP_MS = 10_000;

/**
 * How the generator acts on the organization: as one of its people, through
 * the host's HTTP API, one request at a time on a clock it moves by hand.
 * Every request must succeed; the first that does not stops the generator.
 */
export class Seeding {
  constructor(
    readonly org: Org,
    private readonly clock: ManualClock,
  ) {}

  /** Seconds since the epoch on the organization's clock. */
  get now(): number {
    return this.clock.seconds();
  }

  /** Moves the organization's clock on, sending what falls due meanwhile. */
  later(ms: number): void {
    this.clock.advance(ms);
  }

  /** Calls the API as the user, or unauthenticated given null. */
  async call(
    user: TestUser | null,
    what: string,
    method: Method,
    path: string,
    params: Record<string, unknown> = {},
  ): Promise<ApiResponse['json']> {
    return this.checked(what, await this.org.api(user ?? undefined)(method, path, params));
  }

  /** Sends a message to a channel's topic; resolves to its ID. */
  async post(user: TestUser, channel: string, topic: string, content: string): Promise<number> {
    const sent = await this.call(user, `${user.email} posts to #${channel}`, 'POST', '/messages', {
      type: 'stream',
      to: channel,
      topic,
      content,
    });
    return sent.id as number;
  }

  /** Sends a direct message to the given people; resolves to its ID. */
  async direct(user: TestUser, to: readonly TestUser[], content: string): Promise<number> {
    const sent = await this.call(user, `${user.email} writes directly`, 'POST', '/messages', {
      type: 'private',
      to: to.map((person) => person.id),
      content,
    });
    return sent.id as number;
  }

  /** Uploads one file as a Zulip client does; resolves to the URI a message links. */
  async upload(user: TestUser, filename: string, type: string, data: Buffer): Promise<string> {
    const { body, type: contentType } = multipart([{ filename, type, data }]);
    const token = Buffer.from(`${user.email}:${user.apiKey}`).toString('base64');
    const response = await fetch(`${this.org.url}/api/v1/user_uploads`, {
      method: 'POST',
      headers: { Authorization: `Basic ${token}`, 'Content-Type': contentType },
      body: new Uint8Array(body),
    });
    const answer = {
      status: response.status,
      headers: response.headers,
      json: await response.json(),
    };
    return this.checked(`${user.email} uploads ${filename}`, answer).uri as string;
  }

  /** Posts a service's payload to an incoming webhook integration, as the bot's URL names it. */
  async webhook(
    bot: TestUser,
    integration: string,
    query: Record<string, string>,
    payload: object,
  ): Promise<void> {
    const url = new URL(`${this.org.url}/api/v1/external/${integration}`);
    for (const [name, value] of Object.entries({ api_key: bot.apiKey, ...query })) {
      url.searchParams.set(name, value);
    }
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const answer = {
      status: response.status,
      headers: response.headers,
      json: await response.json(),
    };
    this.checked(`${bot.email} receives a ${integration} payload`, answer);
  }

  /** Sends an image as the single file of a form (the icon, an emoji). */
  async postImage(user: TestUser, what: string, path: string, image: FormFile): Promise<void> {
    const answer = await postFiles(this.org, user, 'POST', path, [image]);
    this.checked(what, { ...answer, headers: new Headers() });
  }

  private checked(what: string, response: ApiResponse): ApiResponse['json'] {
    if (response.status !== 200) {
      throw new Error(`${what}: ${response.status} ${JSON.stringify(response.json)}`);
    }
    this.clock.advance(STEP_MS);
    return response.json;
  }
}
