import { isUrlTemplate, templateVariables } from '../../wire/urlTemplate';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import { patternError, patternGroups } from '../markdown/linkifierPattern';
import type { Services } from '../services';
import {
  allLinkifiers,
  deleteLinkifier,
  insertLinkifier,
  reorderLinkifiers,
  updateLinkifier,
  type LinkifierFields,
  type LinkifierRecord,
} from '../store/linkifiers';
import { activeUserIds } from '../store/users';
import { collectErrors, validationFailure } from './validationFailure';

const BLANK = 'This field cannot be blank.';

// Zulip's RealmFilter.clean: the template's variables and the pattern's named
// groups must be the same names; the alphabetically first one missing is named.
function groupMismatch(pattern: string, urlTemplate: string): string | null {
  if (patternError(pattern) !== null || !isUrlTemplate(urlTemplate)) return null;
  const groups = new Set(patternGroups(pattern));
  const variables = new Set(templateVariables(urlTemplate));
  const first = (names: string[]) => names.sort()[0];
  const notInPattern = first([...variables].filter((name) => !groups.has(name)));
  if (notInPattern !== undefined) {
    return `Group '${notInPattern}' in URL template is not present in linkifier pattern.`;
  }
  const notInTemplate = first([...groups].filter((name) => !variables.has(name)));
  if (notInTemplate !== undefined) {
    return `Group '${notInTemplate}' in linkifier pattern is not present in URL template.`;
  }
  return null;
}

/** What PATCH and POST give of a linkifier's Zulip 12 fields; undefined: not given. */
export interface LinkifierExtras {
  exampleInput?: string | undefined;
  reverseTemplate?: string | undefined;
  alternativeUrlTemplates?: readonly string[] | undefined;
}

// An empty example input or reverse template is none (feature level 471).
const orNull = (value: string | undefined): string | null =>
  value === undefined || value.trim() === '' ? null : value.trim();

function templateError(template: string): string | null {
  return template === '' ? BLANK : isUrlTemplate(template) ? null : 'Invalid URL template.';
}

// Zulip's full_clean of a RealmFilter: each field's checks, then the model's.
function checkLinkifier(fields: LinkifierFields): void {
  const { pattern, urlTemplate, reverseTemplate, exampleInput } = fields;
  const alternatives = fields.alternativeUrlTemplates.map(templateError);
  const failure = validationFailure(
    collectErrors([
      ['pattern', pattern === '' ? BLANK : patternError(pattern)],
      ['url_template', templateError(urlTemplate)],
      ['alternative_url_templates', alternatives.find((error) => error !== null) ?? null],
      ['reverse_template', reverseTemplate === null ? null : templateError(reverseTemplate)],
      [
        '__all__',
        pattern === '' || urlTemplate === '' ? null : groupMismatch(pattern, urlTemplate),
      ],
      // Feature level 471: a reverse template is checked against an example.
      [
        '__all__',
        reverseTemplate !== null && exampleInput === null
          ? 'Reverse template requires an example input.'
          : null,
      ],
    ]),
  );
  if (failure) throw failure;
}

// Zulip's notify_linkifiers: everyone gets the whole list again. Only
// queues registered with the linkifier_url_template capability receive it
// (events/queue.ts), and no legacy realm_filters event goes out (feature level 176).
function announce(services: Services): void {
  services.queues.notify(
    plainNotice('realm_linkifiers', { realm_linkifiers: allLinkifiers(services.sql) }),
    activeUserIds(services.sql),
  );
}

function fieldsOf(
  pattern: string,
  urlTemplate: string,
  extras: LinkifierExtras,
  before?: LinkifierRecord,
): LinkifierFields {
  const keep = <T>(given: T | undefined, old: T): T => (given === undefined ? old : given);
  return {
    pattern: pattern.trim(),
    urlTemplate: urlTemplate.trim(),
    exampleInput:
      extras.exampleInput === undefined
        ? (before?.example_input ?? null)
        : orNull(extras.exampleInput),
    reverseTemplate:
      extras.reverseTemplate === undefined
        ? (before?.reverse_template ?? null)
        : orNull(extras.reverseTemplate),
    alternativeUrlTemplates: keep(
      extras.alternativeUrlTemplates?.map((template) => template.trim()),
      before?.alternative_url_templates ?? [],
    ),
  };
}

/** Zulip's do_add_linkifier: the fields trimmed, checked, saved after the others. Returns the new ID. */
export function addLinkifier(
  services: Services,
  pattern: string,
  urlTemplate: string,
  extras: LinkifierExtras = {},
): number {
  const fields = fieldsOf(pattern, urlTemplate, extras);
  checkLinkifier(fields);
  const id = services.sql.transaction(() => insertLinkifier(services.sql, fields));
  announce(services);
  return id;
}

const notFound = () => errors.badRequest('Linkifier not found.');

/**
 * Zulip's do_update_linkifier: an unknown ID is refused before the new values
 * are checked; the Zulip 12 fields not given stay as they were.
 */
export function changeLinkifier(
  services: Services,
  id: number,
  pattern: string,
  urlTemplate: string,
  extras: LinkifierExtras = {},
): void {
  const { sql } = services;
  const before = allLinkifiers(sql).find((linkifier) => linkifier.id === id);
  if (!before) throw notFound();
  const fields = fieldsOf(pattern, urlTemplate, extras, before);
  checkLinkifier(fields);
  sql.transaction(() => updateLinkifier(sql, id, fields));
  announce(services);
}

export function removeLinkifier(services: Services, id: number): void {
  const { sql } = services;
  if (!sql.transaction(() => deleteLinkifier(sql, id))) throw notFound();
  announce(services);
}

/**
 * Zulip's check_reorder_linkifiers (feature level 202): the list names every
 * linkifier once. The new order applies to messages sent from then on, and
 * everyone gets the whole list again when it changed.
 */
export function reorderRealmLinkifiers(services: Services, orderedIds: readonly number[]): void {
  const { sql } = services;
  if (new Set(orderedIds).size < orderedIds.length) {
    throw errors.badRequest('The ordered list must not contain duplicated linkifiers');
  }
  const current = allLinkifiers(sql).map((linkifier) => linkifier.id);
  const given = new Set(orderedIds);
  if (current.length !== given.size || current.some((id) => !given.has(id))) {
    throw errors.badRequest('The ordered list must enumerate all existing linkifiers exactly once');
  }
  if (current.every((id, index) => orderedIds[index] === id)) return;
  sql.transaction(() => reorderLinkifiers(sql, orderedIds));
  announce(services);
}
