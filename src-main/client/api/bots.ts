import { z } from 'zod';
import { apiSuccessSchema, userSchema } from '../../wire';
import type { HttpClient } from './http';

// Zulip's GET /bots names a bot by its email (`username`) and gives its key,
// but neither its ID nor its type, which GET /users has. Since Zulip 12 a
// bot's key has an endpoint of its own (feature level 463) and bot objects
// elsewhere lost theirs (474), so the listing's key is not counted on.
const ownBotSchema = z.looseObject({
  username: z.string(),
  full_name: z.string(),
  api_key: z.string().optional(),
});
export type OwnBotRecord = z.infer<typeof ownBotSchema>;
const ownBotsSchema = z.looseObject({ bots: z.array(ownBotSchema) });

const memberSchema = userSchema.pick({ user_id: true, email: true, bot_type: true });
export type Member = z.infer<typeof memberSchema>;
const membersSchema = z.looseObject({ members: z.array(memberSchema) });

const createdBotSchema = z.looseObject({ user_id: z.number().int() });

// A webhook's success names a `code` where it took the delivery but posted
// nothing, as for an event the integration does not support.
const webhookAnswerSchema = apiSuccessSchema.extend({ code: z.string().optional() });
export type WebhookAnswer = z.infer<typeof webhookAnswerSchema>;

export interface NewBot {
  fullName: string;
  shortName: string;
  /** Zulip's number for the kind of bot. */
  botType: number;
  /** An outgoing-webhook bot's URL and Zulip's number for its interface (1 Zulip, 2 Slack). */
  payloadUrl?: string | undefined;
  interfaceType?: number | undefined;
}

// Zulip 12 (feature level 463): GET /bots/{id}/api_key.
const botApiKeyEndpointSince = 463;

/** The user's bots, their keys, and deliveries to an incoming webhook. */
export interface BotsApi {
  getOwnBots(): Promise<OwnBotRecord[]>;
  getMembers(): Promise<Member[]>;
  /** Resolves with the new bot's user ID. */
  createBot(bot: NewBot): Promise<number>;
  regenerateBotApiKey(botId: number): Promise<void>;
  /** A bot's key, from its own endpoint where the server has one (Zulip 12); null before. */
  getBotApiKey(botId: number): Promise<string | null>;
  deactivateBot(botId: number): Promise<void>;
  /**
   * A tool's delivery (its JSON and headers) posted to an incoming webhook's
   * URL on this server, which carries the bot's key: the account's is not sent.
   */
  postWebhook(
    url: string,
    payload: unknown,
    headers: Readonly<Record<string, string>>,
  ): Promise<WebhookAnswer>;
}

export function botsApi(http: HttpClient, featureLevel: () => number): BotsApi {
  return {
    async getOwnBots() {
      return (await http.request('GET', 'bots', {}, ownBotsSchema)).bots;
    },
    async getMembers() {
      return (await http.request('GET', 'users', {}, membersSchema)).members;
    },
    async createBot({ fullName, shortName, botType, payloadUrl, interfaceType }) {
      const created = await http.request(
        'POST',
        'bots',
        {
          full_name: fullName,
          short_name: shortName,
          bot_type: botType,
          // Zulip reads the URL as JSON, as its own web app sends it.
          ...(payloadUrl === undefined ? {} : { payload_url: JSON.stringify(payloadUrl) }),
          ...(interfaceType === undefined ? {} : { interface_type: interfaceType }),
        },
        createdBotSchema,
      );
      return created.user_id;
    },
    async getBotApiKey(botId) {
      if (featureLevel() < botApiKeyEndpointSince) return null;
      const schema = z.looseObject({ api_key: z.string().min(1) });
      return (await http.request('GET', `bots/${botId}/api_key`, {}, schema)).api_key;
    },
    async regenerateBotApiKey(botId) {
      await http.request('POST', `bots/${botId}/api_key/regenerate`, {}, apiSuccessSchema);
    },
    async deactivateBot(botId) {
      await http.request('DELETE', `bots/${botId}`, {}, apiSuccessSchema);
    },
    postWebhook: (url, payload, headers) =>
      http.postJson(url, payload, webhookAnswerSchema, { headers }),
  };
}
