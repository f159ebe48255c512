import { isUrlTemplate, templateVariables } from '../../wire/urlTemplate';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import { patternError, patternGroups } from '../markdown/linkifierPattern';
import type { Services } from '../services';
import {
  allLinkifiers,
  deleteLinkifier,
  insertLinkifier,
  updateLinkifier,
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

// Zulip's full_clean of a RealmFilter: each field's checks, then the model's.
function checkLinkifier(pattern: string, urlTemplate: string): void {
  const failure = validationFailure(
    collectErrors([
      ['pattern', pattern === '' ? BLANK : patternError(pattern)],
      [
        'url_template',
        urlTemplate === '' ? BLANK : isUrlTemplate(urlTemplate) ? null : 'Invalid URL template.',
      ],
      [
        '__all__',
        pattern === '' || urlTemplate === '' ? null : groupMismatch(pattern, urlTemplate),
      ],
    ]),
  );
  if (failure) throw failure;
}

// Zulip 7.0's notify_linkifiers: everyone gets the whole list again. Only
// queues registered with the linkifier_url_template capability receive it
// (events/queue.ts), and no legacy realm_filters event goes out (feature level 176).
function announce(services: Services): void {
  services.queues.notify(
    plainNotice('realm_linkifiers', { realm_linkifiers: allLinkifiers(services.sql) }),
    activeUserIds(services.sql),
  );
}

/** Zulip's do_add_linkifier: pattern and template trimmed, checked, saved. Returns the new ID. */
export function addLinkifier(services: Services, pattern: string, urlTemplate: string): number {
  const cleanPattern = pattern.trim();
  const cleanTemplate = urlTemplate.trim();
  checkLinkifier(cleanPattern, cleanTemplate);
  const id = services.sql.transaction(() =>
    insertLinkifier(services.sql, cleanPattern, cleanTemplate),
  );
  announce(services);
  return id;
}

const notFound = () => errors.badRequest('Linkifier not found.');

/** Zulip's do_update_linkifier: an unknown ID is refused before the new values are checked. */
export function changeLinkifier(
  services: Services,
  id: number,
  pattern: string,
  urlTemplate: string,
): void {
  const { sql } = services;
  if (!allLinkifiers(sql).some((linkifier) => linkifier.id === id)) throw notFound();
  const cleanPattern = pattern.trim();
  const cleanTemplate = urlTemplate.trim();
  checkLinkifier(cleanPattern, cleanTemplate);
  sql.transaction(() => updateLinkifier(sql, id, cleanPattern, cleanTemplate));
  announce(services);
}

export function removeLinkifier(services: Services, id: number): void {
  const { sql } = services;
  if (!sql.transaction(() => deleteLinkifier(sql, id))) throw notFound();
  announce(services);
}
