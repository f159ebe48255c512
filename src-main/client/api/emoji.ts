import { z } from 'zod';
import { apiSuccessSchema } from '../../wire';
import { codeToNamesSchema, type CodeToNames } from '../cache/serverEmoji';
import { NetworkError, NotZulipError, ProtocolError } from './errors';
import type { HttpClient, HttpClientOptions } from './http';

/** An emoji as a reaction names it: Zulip's name, code and namespace. */
export interface ReactionEmoji {
  name: string;
  code: string;
  type: string;
}

const serverEmojiDataSchema = z.looseObject({ code_to_names: codeToNamesSchema });
// The names file is a few hundred kilobytes; anything far larger is not it.
const maxEmojiDataBytes = 4 * 1024 * 1024;

/** Emoji: reacting with one, the names of the server's, and the organization's own. */
export interface EmojiApi {
  /** Zulip's POST (add) or DELETE (remove) /messages/{id}/reactions. */
  changeReaction(messageId: number, emoji: ReactionEmoji, op: 'add' | 'remove'): Promise<void>;
  /** The JSON file register's server_emoji_data_url names (Zulip 6.0): each code's names. */
  getServerEmojiData(url: string): Promise<CodeToNames>;
  /** Zulip's POST /realm/emoji/{emoji_name}: one image; a realm_emoji event follows. */
  uploadRealmEmoji(name: string, image: Uint8Array): Promise<void>;
  /** Zulip's DELETE /realm/emoji/{emoji_name}, which deactivates it. */
  deleteRealmEmoji(name: string): Promise<void>;
}

export function emojiApi(http: HttpClient, options: HttpClientOptions): EmojiApi {
  return {
    async changeReaction(messageId, { name, code, type }, op) {
      await http.request(
        op === 'add' ? 'POST' : 'DELETE',
        `messages/${messageId}/reactions`,
        { emoji_name: name, emoji_code: code, reaction_type: type },
        apiSuccessSchema,
      );
    },
    async getServerEmojiData(url) {
      // A static file, which Zulip may serve from elsewhere: the key never goes with it.
      let response: Response;
      try {
        response = await (options.fetch ?? globalThis.fetch)(url, {
          signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        });
      } catch (error) {
        throw new NetworkError(`GET ${url} failed: ${String(error)}`, { cause: error });
      }
      if (!response.ok) {
        throw new NotZulipError(response.status, `GET ${url} answered HTTP ${response.status}`);
      }
      const text = await response.text();
      if (text.length > maxEmojiDataBytes) throw new ProtocolError(`GET ${url}: too large`);
      const parsed = serverEmojiDataSchema.safeParse(safeJsonOf(text));
      if (!parsed.success) throw new ProtocolError(`GET ${url}: not Zulip's emoji data`);
      return parsed.data.code_to_names;
    },
    async uploadRealmEmoji(name, image) {
      const file = { filename: name, data: image };
      const path = `realm/emoji/${encodeURIComponent(name)}`;
      await http.request('POST', path, {}, apiSuccessSchema, { file });
    },
    async deleteRealmEmoji(name) {
      const path = `realm/emoji/${encodeURIComponent(name)}`;
      await http.request('DELETE', path, {}, apiSuccessSchema);
    },
  };
}

function safeJsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
