import { MAX_PYGMENTS_LANGUAGE_LENGTH } from '../../wire/linkifiers';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import {
  allPlaygrounds,
  deletePlayground,
  insertPlayground,
  playgroundExists,
} from '../store/linkifiers';
import { activeUserIds } from '../store/users';
import { isValidUrl } from './urlValidation';
import { collectErrors, validationFailure } from './validationFailure';

/** POST /realm/playgrounds as Zulip 7.0 takes it. */
export interface PlaygroundRequest {
  name: string;
  pygmentsLanguage: string;
  urlPrefix: string;
}

// Zulip's check_pygments_language: not only Pygments' own names, so that a
// playground can serve a language Pygments does not know, but only the
// characters a code block's language may have.
const languageSyntax = /^[ a-zA-Z0-9_+\-./#]*$/;
const BLANK = 'This field cannot be blank.';

/** The parameter checks of Zulip 7.0's add_realm_playground, in the order it reads them. */
function checkPlaygroundParams(request: PlaygroundRequest): void {
  if (!isValidUrl(request.urlPrefix)) throw errors.badRequest('url_prefix is not a URL');
  if ([...request.pygmentsLanguage].length > MAX_PYGMENTS_LANGUAGE_LENGTH) {
    throw errors.badRequest(
      `pygments_language is too long (limit: ${MAX_PYGMENTS_LANGUAGE_LENGTH} characters)`,
    );
  }
  if (!languageSyntax.test(request.pygmentsLanguage)) {
    throw errors.badRequest('Invalid characters in pygments language');
  }
}

function announce(services: Services): void {
  services.queues.notify(
    plainNotice('realm_playgrounds', { realm_playgrounds: allPlaygrounds(services.sql) }),
    activeUserIds(services.sql),
  );
}

/**
 * Zulip 7.0's do_add_realm_playground: the values trimmed, then the model's
 * full_clean (its fields, then the name and language unique together).
 */
export function addPlayground(services: Services, request: PlaygroundRequest): number {
  checkPlaygroundParams(request);
  const name = request.name.trim();
  const pygmentsLanguage = request.pygmentsLanguage.trim();
  const urlPrefix = request.urlPrefix.trim();
  const { sql } = services;
  const id = sql.transaction(() => {
    const fieldErrors = collectErrors([
      [
        'url_prefix',
        urlPrefix === '' ? BLANK : isValidUrl(urlPrefix) ? null : 'Enter a valid URL.',
      ],
      ['name', name === '' ? BLANK : null],
      ['pygments_language', pygmentsLanguage === '' ? BLANK : null],
    ]);
    if (Object.keys(fieldErrors).length === 0 && playgroundExists(sql, pygmentsLanguage, name)) {
      fieldErrors.__all__ = [
        'Realm playground with this Realm, Pygments language and Name already exists.',
      ];
    }
    const failure = validationFailure(fieldErrors);
    if (failure) throw failure;
    return insertPlayground(sql, { name, pygmentsLanguage, urlPrefix });
  });
  announce(services);
  return id;
}

export function removePlayground(services: Services, id: number): void {
  const { sql } = services;
  if (!sql.transaction(() => deletePlayground(sql, id))) {
    throw errors.badRequest('Invalid playground');
  }
  announce(services);
}
