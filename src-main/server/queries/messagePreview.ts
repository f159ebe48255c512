import { renderMessageContent } from '../markdown/render';
import type { Services } from '../services';
import type { UserRow } from '../store/users';
import { storeLookups } from './markdownLookups';

/**
 * Zulip's POST /messages/render: the HTML a message with this content would
 * get, mentions and stream links resolved in the organization (a host serves
 * one, so it is the caller's), with nothing stored and no one told.
 *
 * As Zulip 7.0's render_message_backend, the content is rendered as given:
 * the send path's normalization and checks (blank, too long) do not apply,
 * so blank content renders to an empty string.
 */
export function renderMessagePreview(services: Services, author: UserRow, content: string): string {
  return renderMessageContent(content, storeLookups(services.sql, author)).html;
}
