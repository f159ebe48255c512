import { isUrlTemplate, templateVariables } from '../../wire/urlTemplate';
import { MAX_PYGMENTS_LANGUAGE_LENGTH } from '../../wire/linkifiers';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import {
  allPlaygrounds,
  deletePlayground,
  insertPlayground,
  playgroundExists,
  type PlaygroundRecord,
} from '../store/linkifiers';
import { activeUserIds } from '../store/users';
import { collectErrors, validationFailure } from './validationFailure';

/** POST /realm/playgrounds: Zulip 12's url_template (feature level 196). */
export interface PlaygroundRequest {
  name: string;
  pygmentsLanguage: string;
  urlTemplate: string;
}

// Zulip's check_pygments_language: not only Pygments' own names, so that a
// playground can serve a language Pygments does not know, but only the
// characters a code block's language may have.
const languageSyntax = /^[ a-zA-Z0-9_+\-./#]*$/;
const BLANK = 'This field cannot be blank.';

/** The parameter checks of add_realm_playground, in the order Zulip reads them. */
function checkPlaygroundParams(request: PlaygroundRequest): void {
  if ([...request.pygmentsLanguage].length > MAX_PYGMENTS_LANGUAGE_LENGTH) {
    throw errors.badRequest(
      `pygments_language is too long (limit: ${MAX_PYGMENTS_LANGUAGE_LENGTH} characters)`,
    );
  }
  if (!languageSyntax.test(request.pygmentsLanguage)) {
    throw errors.badRequest('Invalid characters in pygments language');
  }
}

/** The playgrounds as clients read them, by Zulip 12's url_template. */
export const playgroundsForApi = (services: Services): PlaygroundRecord[] =>
  allPlaygrounds(services.sql);

function announce(services: Services): void {
  services.queues.notify(
    plainNotice('realm_playgrounds', { realm_playgrounds: playgroundsForApi(services) }),
    activeUserIds(services.sql),
  );
}

type Check = [field: string, message: string | null];

/** The template's field check. */
const urlCheck = (urlTemplate: string): Check => [
  'url_template',
  urlTemplate === '' ? BLANK : isUrlTemplate(urlTemplate) ? null : 'Invalid URL template.',
];

/** Zulip 12's RealmPlayground.clean: the template's one variable is the code. */
function templateCheck(urlTemplate: string): Check {
  if (!isUrlTemplate(urlTemplate)) return ['__all__', null];
  const variables = templateVariables(urlTemplate);
  const onlyCode = variables.length === 1 && variables[0] === 'code';
  return [
    '__all__',
    onlyCode ? null : '"code" should be the only variable present in the URL template',
  ];
}

/**
 * Zulip's do_add_realm_playground: the values trimmed, then the model's
 * full_clean (its fields, then the name and language unique together).
 */
export function addPlayground(services: Services, request: PlaygroundRequest): number {
  checkPlaygroundParams(request);
  const name = request.name.trim();
  const pygmentsLanguage = request.pygmentsLanguage.trim();
  const urlTemplate = request.urlTemplate.trim();
  const { sql } = services;
  const id = sql.transaction(() => {
    const fieldErrors = collectErrors([
      urlCheck(urlTemplate),
      ['name', name === '' ? BLANK : null],
      ['pygments_language', pygmentsLanguage === '' ? BLANK : null],
      templateCheck(urlTemplate),
    ]);
    if (Object.keys(fieldErrors).length === 0 && playgroundExists(sql, pygmentsLanguage, name)) {
      fieldErrors.__all__ = [
        'Realm playground with this Realm, Pygments language and Name already exists.',
      ];
    }
    const failure = validationFailure(fieldErrors);
    if (failure) throw failure;
    return insertPlayground(sql, { name, pygmentsLanguage, urlTemplate });
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
