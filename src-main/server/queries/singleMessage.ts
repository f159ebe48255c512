import type { Message } from '../../wire';
import type { Services } from '../services';
import { loadMessageSources, readerFlags, renderMessage } from '../shape/messages';
import { getRealm } from '../store/realm';
import type { UserRow } from '../store/users';
import { accessMessage } from './messageAccess';

export interface SingleMessage {
  message: Message;
  /** Zulip still sends the Markdown source beside the message (deprecated there). */
  raw_content: string;
}

/** Zulip's GET /messages/{message_id} (json_fetch_raw_message), which always asks for client_gravatar. */
export function fetchSingleMessage(
  services: Services,
  viewer: UserRow,
  messageId: number,
  applyMarkdown: boolean,
): SingleMessage {
  const { sql } = services;
  const row = accessMessage(sql, viewer, messageId);
  const [source] = loadMessageSources(sql, getRealm(sql)?.string_id ?? '', [row]);
  if (!source) throw new Error(`message ${messageId} has no source`);
  return {
    message: {
      ...renderMessage(source, { applyMarkdown, clientGravatar: true }),
      flags: readerFlags(row.flags),
    },
    raw_content: row.content,
  };
}
