import { z } from 'zod';
import { apiSuccessSchema } from '../../wire';
import { templateVariables } from '../../wire/urlTemplate';
import { mt } from '../../i18n/mainText';
import { ApiError } from './errors';
import type { HttpClient } from './http';

/** A code playground as the window asks for one: the code goes where `{code}` is. */
export interface PlaygroundRequest {
  name: string;
  pygmentsLanguage: string;
  urlTemplate: string;
}

export interface LinkifierApi {
  /** Zulip's POST /realm/filters, for administrators: the new linkifier's ID; a realm_linkifiers event follows. */
  addLinkifier(pattern: string, urlTemplate: string): Promise<number>;
  /** Zulip's PATCH /realm/filters/{id} (feature level 115). */
  updateLinkifier(id: number, pattern: string, urlTemplate: string): Promise<void>;
  /** Zulip's DELETE /realm/filters/{id}. */
  removeLinkifier(id: number): Promise<void>;
  /** Zulip's POST /realm/playgrounds: the new playground's ID; a realm_playgrounds event follows. */
  addPlayground(playground: PlaygroundRequest): Promise<number>;
  /** Zulip's DELETE /realm/playgrounds/{id}. */
  removePlayground(id: number): Promise<void>;
}

// Zulip 8 (feature level 196): a playground takes a URL template with
// `{code}`; before, a prefix the code is appended to.
export const playgroundUrlTemplateSince = 196;

const idSchema = z.looseObject({ id: z.number().int() });

// For a server that appends the code, the template must end in `{code}`
// and name nothing else; what comes before it is the prefix.
function urlPrefixOf(urlTemplate: string): string {
  const variables = templateVariables(urlTemplate);
  if (!urlTemplate.endsWith('{code}') || variables.length !== 1) {
    throw new ApiError(400, 'BAD_REQUEST', mt('main.linkifiers.codeAtEnd'), {});
  }
  return urlTemplate.slice(0, -'{code}'.length);
}

export function linkifierApi(http: HttpClient, featureLevel: () => number): LinkifierApi {
  return {
    async addLinkifier(pattern, urlTemplate) {
      const params = { pattern, url_template: urlTemplate };
      return (await http.request('POST', 'realm/filters', params, idSchema)).id;
    },
    async updateLinkifier(id, pattern, urlTemplate) {
      const params = { pattern, url_template: urlTemplate };
      await http.request('PATCH', `realm/filters/${id}`, params, apiSuccessSchema);
    },
    async removeLinkifier(id) {
      await http.request('DELETE', `realm/filters/${id}`, {}, apiSuccessSchema);
    },
    async addPlayground({ name, pygmentsLanguage, urlTemplate }) {
      const url =
        featureLevel() >= playgroundUrlTemplateSince
          ? { url_template: urlTemplate }
          : { url_prefix: urlPrefixOf(urlTemplate) };
      const params = { name, pygments_language: pygmentsLanguage, ...url };
      return (await http.request('POST', 'realm/playgrounds', params, idSchema)).id;
    },
    async removePlayground(id) {
      await http.request('DELETE', `realm/playgrounds/${id}`, {}, apiSuccessSchema);
    },
  };
}
