import { createHash } from 'node:crypto';
import { unicodeEmoji } from '../../wire/emojiData';

/**
 * The file register's `server_emoji_data_url` names (Zulip 6.0, feature level
 * 140): each Unicode emoji's code with its names, the canonical one first,
 * under `code_to_names`, as Zulip's generated emoji_api.json.
 */
export const serverEmojiDataJson: string = JSON.stringify({
  code_to_names: Object.fromEntries(unicodeEmoji.map((emoji) => [emoji.code, emoji.names])),
});

// Zulip serves the file at a URL holding a hash of its content, so that
// clients may keep it and fetch it again only when the names change.
const contentHash = createHash('sha256').update(serverEmojiDataJson).digest('hex').slice(0, 16);

export const serverEmojiDataPath = `/static/generated/emoji/emoji_api.${contentHash}.json`;
