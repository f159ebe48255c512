import type { DraftData } from '../../wire/drafts';
import { errors } from '../errors';

// Zulip 7.0's draft_dict_validator (check_dict_only), with its words for
// each fault: `name` is how the parameter's path reads, e.g. drafts[0].

const types: ReadonlySet<string> = new Set(['stream', 'private', '']);
const required = ['type', 'to', 'topic', 'content'] as const;
const known: ReadonlySet<string> = new Set([...required, 'timestamp']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkString(value: unknown, name: string): string {
  if (typeof value !== 'string') throw errors.badRequest(`${name} is not a string`);
  return value;
}

function checkTo(value: unknown, name: string): number[] {
  if (!Array.isArray(value)) throw errors.badRequest(`${name} is not a list`);
  return value.map((item: unknown, index) => {
    if (typeof item !== 'number' || !Number.isInteger(item)) {
      throw errors.badRequest(`${name}[${index}] is not an integer`);
    }
    return item;
  });
}

/** One draft dict as sent, checked key by key in Zulip's order. */
export function checkDraftDict(value: unknown, name: string): DraftData {
  if (!isRecord(value)) throw errors.badRequest(`${name} is not a dict`);
  for (const key of required) {
    if (!(key in value)) throw errors.badRequest(`${key} key is missing from ${name}`);
  }
  const key = (k: string) => `${name}["${k}"]`;
  const type = checkString(value['type'], key('type'));
  if (!types.has(type)) throw errors.badRequest(`Invalid ${key('type')}`);
  const to = checkTo(value['to'], key('to'));
  const topic = checkString(value['topic'], key('topic'));
  const content = checkString(value['content'], key('content'));
  if (content.trim() === '') throw errors.badRequest(`${key('content')} cannot be blank.`);
  const timestamp = value['timestamp'];
  if (timestamp !== undefined && typeof timestamp !== 'number') {
    throw errors.badRequest(`${key('timestamp')} is not an allowed_type`);
  }
  const unexpected = Object.keys(value).filter((k) => !known.has(k));
  if (unexpected.length > 0) {
    throw errors.badRequest(`Unexpected arguments: ${unexpected.join(', ')}`);
  }
  return {
    type: type as DraftData['type'],
    to,
    topic,
    content,
    ...(timestamp === undefined ? {} : { timestamp }),
  };
}

/** The `drafts` parameter of POST /drafts: a list of draft dicts. */
export function checkDraftList(value: unknown): DraftData[] {
  if (!Array.isArray(value)) throw errors.badRequest('drafts is not a list');
  return value.map((item: unknown, index) => checkDraftDict(item, `drafts[${index}]`));
}
