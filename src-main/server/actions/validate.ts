import { defaultEmptyTopicName } from '../../permissions/topicsPolicy';
import { errors } from '../errors';

export const MAX_TOPIC_LENGTH = 60;
export const MAX_MESSAGE_BYTES = 10_000;
export const MAX_STREAM_NAME_LENGTH = 60;
export const MAX_FULL_NAME_LENGTH = 100;

const controlCharacters = /\p{Cc}/u;

export function checkEmail(email: string): string {
  const trimmed = email.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(trimmed)) throw errors.badRequest(`Invalid email '${email}'`);
  return trimmed;
}

export const MIN_FULL_NAME_LENGTH = 2;
// Zulip 7.0's UserProfile.NAME_INVALID_CHARS: Markdown's mention and quote
// syntax; and its check_string_is_printable: no control, surrogate or
// unassigned code points.
const nameInvalidCharacters = /[*`\\>"@]|[\p{Cc}\p{Cs}\p{Cn}]/u;

/** Zulip 7.0's check_full_name, for people and bots alike. */
export function checkFullName(name: string): string {
  const trimmed = name.trim();
  const length = [...trimmed].length;
  if (length > MAX_FULL_NAME_LENGTH) throw errors.badRequest('Name too long!');
  if (length < MIN_FULL_NAME_LENGTH) throw errors.badRequest('Name too short!');
  if (nameInvalidCharacters.test(trimmed)) throw errors.badRequest('Invalid characters in name!');
  // A name ending in "|15" would read as the ID part of a mention's @**Name|15**.
  if (/\|\d+$/.test(name)) throw errors.badRequest('Invalid format!');
  return trimmed;
}

export function checkStreamName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw errors.badRequest("Channel name can't be empty.");
  if ([...trimmed].length > MAX_STREAM_NAME_LENGTH) {
    throw errors.badRequest(`Channel name too long (limit: ${MAX_STREAM_NAME_LENGTH} characters).`);
  }
  // Zulip counts the position from 1, in code points.
  const position = [...trimmed].findIndex((character) => controlCharacters.test(character)) + 1;
  if (position > 0) {
    throw errors.badRequest(`Invalid character in channel name, at position ${position}.`);
  }
  return trimmed;
}

// Zulip 10's names a client may give the empty topic (feature levels 334 and
// 370): the display name, and the name older clients showed it by.
const emptyTopicAliases = new Set([defaultEmptyTopicName, '(no topic)']);

/**
 * A topic to send to, as Zulip 12's Addressee takes it: trimmed, the empty
 * topic under any of its names as "" (whether a channel takes it is its
 * topics_policy's say), and nothing unprintable.
 */
export function checkTopic(topic: string): string {
  const stripped = topic.trim();
  const trimmed = emptyTopicAliases.has(stripped) ? '' : stripped;
  if ([...trimmed].length > MAX_TOPIC_LENGTH) {
    throw errors.badRequest(`Topic too long (limit: ${MAX_TOPIC_LENGTH} characters)`);
  }
  if (controlCharacters.test(trimmed)) throw errors.badRequest('Invalid characters in topic!');
  return trimmed;
}

// As Zulip normalizes a body: trailing whitespace and leading blank lines go
// (leading spaces stay, they can start a code block), and NUL is refused.
function trimmedBody(content: string): string {
  const trimmed = content.trimEnd().replace(/^\n+/, '');
  if (trimmed.length === 0) throw errors.badRequest('Message must not be empty');
  if (trimmed.includes('\0')) throw errors.badRequest('Message must not contain null bytes');
  return trimmed;
}

/** Zulip's normalize_body where a long body is cut rather than refused (drafts). */
export function normalizeBody(content: string): string {
  return truncateContent(trimmedBody(content));
}

export function checkContent(content: string): string {
  const trimmed = trimmedBody(content);
  if (Buffer.byteLength(trimmed, 'utf8') > MAX_MESSAGE_BYTES) {
    throw errors.badRequest(`Message too long (limit: ${MAX_MESSAGE_BYTES} bytes)`);
  }
  return trimmed;
}

// Zulip cuts what a service sends, and a draft, to its limits instead of refusing it.
export function truncateTopic(topic: string): string {
  const chars = [...topic];
  return chars.length > MAX_TOPIC_LENGTH
    ? `${chars.slice(0, MAX_TOPIC_LENGTH - 3).join('')}...`
    : topic;
}

export function truncateContent(content: string): string {
  if (Buffer.byteLength(content, 'utf8') <= MAX_MESSAGE_BYTES) return content;
  const marker = '\n[message truncated]';
  let budget = MAX_MESSAGE_BYTES - Buffer.byteLength(marker, 'utf8');
  let kept = '';
  for (const char of content) {
    budget -= Buffer.byteLength(char, 'utf8');
    if (budget < 0) break;
    kept += char;
  }
  return kept + marker;
}
