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
import { isValidUrl } from './urlValidation';
import { collectErrors, validationFailure } from './validationFailure';

/**
 * POST /realm/playgrounds: Zulip 12's url_template (feature level 196), or
 * the url_prefix of Zulip 7.0, which the host still takes while it declares 7.0.
 */
export type PlaygroundRequest = { name: string; pygmentsLanguage: string } & (
  { urlTemplate: string } | { urlPrefix: string }
);

// Zulip's check_pygments_language: not only Pygments' own names, so that a
// playground can serve a language Pygments does not know, but only the
// characters a code block's language may have.
const languageSyntax = /^[ a-zA-Z0-9_+\-./#]*$/;
const BLANK = 'This field cannot be blank.';

/** The parameter checks of add_realm_playground, in the order Zulip reads them. */
function checkPlaygroundParams(request: PlaygroundRequest): void {
  if ('urlPrefix' in request && !isValidUrl(request.urlPrefix)) {
    throw errors.badRequest('url_prefix is not a URL');
  }
  if ([...request.pygmentsLanguage].length > MAX_PYGMENTS_LANGUAGE_LENGTH) {
    throw errors.badRequest(
      `pygments_language is too long (limit: ${MAX_PYGMENTS_LANGUAGE_LENGTH} characters)`,
    );
  }
  if (!languageSyntax.test(request.pygmentsLanguage)) {
    throw errors.badRequest('Invalid characters in pygments language');
  }
}

/**
 * A playground as clients read it: Zulip 12's url_template, and, while the
 * host declares 7.0, the url_prefix of 7.0 when the template is one.
 */
export function playgroundForApi(playground: PlaygroundRecord): Record<string, unknown> {
  const prefix = playground.url_template.slice(0, -'{code}'.length);
  const isPrefix = playground.url_template.endsWith('{code}') && !prefix.includes('{');
  return isPrefix ? { ...playground, url_prefix: prefix } : { ...playground };
}

export const playgroundsForApi = (services: Services) =>
  allPlaygrounds(services.sql).map(playgroundForApi);

function announce(services: Services): void {
  services.queues.notify(
    plainNotice('realm_playgrounds', { realm_playgrounds: playgroundsForApi(services) }),
    activeUserIds(services.sql),
  );
}

// Zulip's migration of a prefix: its braces escaped, then the code variable.
const templateOfPrefix = (prefix: string) =>
  `${prefix.replace(/\{/g, '%7B').replace(/\}/g, '%7D')}{code}`;

type Check = [field: string, message: string | null];

/** The URL's field checks: 7.0's of a prefix, or Zulip 12's of a template. */
function urlChecks(request: PlaygroundRequest, urlTemplate: string): Check[] {
  if ('urlPrefix' in request) {
    const prefix = request.urlPrefix.trim();
    return [
      ['url_prefix', prefix === '' ? BLANK : isValidUrl(prefix) ? null : 'Enter a valid URL.'],
    ];
  }
  return [
    [
      'url_template',
      urlTemplate === '' ? BLANK : isUrlTemplate(urlTemplate) ? null : 'Invalid URL template.',
    ],
  ];
}

/** Zulip 12's RealmPlayground.clean: the template's one variable is the code. */
function templateCheck(request: PlaygroundRequest, urlTemplate: string): Check {
  if ('urlPrefix' in request || !isUrlTemplate(urlTemplate)) return ['__all__', null];
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
  const urlTemplate =
    'urlPrefix' in request
      ? templateOfPrefix(request.urlPrefix.trim())
      : request.urlTemplate.trim();
  const { sql } = services;
  const id = sql.transaction(() => {
    const fieldErrors = collectErrors([
      ...urlChecks(request, urlTemplate),
      ['name', name === '' ? BLANK : null],
      ['pygments_language', pygmentsLanguage === '' ? BLANK : null],
      templateCheck(request, urlTemplate),
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
