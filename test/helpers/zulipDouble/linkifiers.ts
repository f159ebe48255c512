import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TopicLink } from '../../../src-main/wire/linkifiers';
import {
  expandUrlTemplate,
  isUrlTemplate,
  templateVariables,
} from '../../../src-main/wire/urlTemplate';
import { emit, type Context } from './context';
import { badRequest, mustBeAdmin } from './errors';
import { authedWith, idParam, rawParams, success } from './http';
import type { Org } from './org';
import { parseParams } from './params';

// Linkifiers and code playgrounds as a current Zulip keeps them: linkifiers
// in the order they were added (the double does not reorder them), told
// only to queues with the linkifier_url_template capability, and
// playgrounds with a `{code}` URL template (feature level 196).

export interface DoubleLinkifier {
  id: number;
  pattern: string;
  url_template: string;
}

export interface DoublePlayground {
  id: number;
  name: string;
  pygments_language: string;
  url_template: string;
}

// Tests write linkifiers JavaScript reads the same way, once `(?P<` is `(?<`.
const asRegExp = (pattern: string) => new RegExp(pattern.replace(/\(\?P</g, '(?<'), 'g');

function checkLinkifier(pattern: string, urlTemplate: string): void {
  try {
    asRegExp(pattern);
  } catch {
    throw badRequest(`Bad regular expression: ${pattern}`);
  }
  if (!isUrlTemplate(urlTemplate)) throw badRequest('Invalid URL template.');
}

/** Zulip's topic_links, linkifiers only: the earlier linkifier wins where two overlap. */
export function topicLinksOf(org: Org, topic: string): TopicLink[] {
  const found: (TopicLink & { index: number })[] = [];
  for (const linkifier of org.linkifiers) {
    for (const match of topic.matchAll(asRegExp(linkifier.pattern))) {
      const index = match.index;
      const clash = found.some(
        (other) => index < other.index + other.text.length && other.index < index + match[0].length,
      );
      if (clash) continue;
      const url = expandUrlTemplate(linkifier.url_template, match.groups ?? {});
      found.push({ text: match[0], url, index });
    }
  }
  return found.sort((a, b) => a.index - b.index).map(({ text, url }) => ({ text, url }));
}

const announceLinkifiers = ({ org, ...context }: Context) =>
  emit({ org, ...context }, org.allUserIds(), (queue) =>
    queue.capabilities.linkifier_url_template
      ? { type: 'realm_linkifiers', realm_linkifiers: org.linkifiers.map((l) => ({ ...l })) }
      : null,
  );

const announcePlaygrounds = ({ org, ...context }: Context) =>
  emit({ org, ...context }, org.allUserIds(), () => ({
    type: 'realm_playgrounds',
    realm_playgrounds: org.playgrounds.map((p) => ({ ...p })),
  }));

const linkifierParams = z.object({ pattern: z.string(), url_template: z.string() });
const playgroundParams = z.object({
  name: z.string(),
  pygments_language: z.string(),
  url_template: z.string(),
});

export function addLinkifierRoutes(app: FastifyInstance, context: () => Context): void {
  const authed = authedWith(context);
  const asAdmin = (userId: number) => {
    if (!context().org.isAdmin(userId)) throw mustBeAdmin();
    return context();
  };
  const linkifierAt = (org: Org, id: number) => {
    const linkifier = org.linkifiers.find((candidate) => candidate.id === id);
    if (!linkifier) throw badRequest('Linkifier not found.');
    return linkifier;
  };

  app.get(
    '/api/v1/realm/linkifiers',
    authed(() => success({ linkifiers: context().org.linkifiers.map((l) => ({ ...l })) })),
  );
  app.post(
    '/api/v1/realm/filters',
    authed((userId, request) => {
      const ctx = asAdmin(userId);
      const params = parseParams(linkifierParams, rawParams(request));
      checkLinkifier(params.pattern.trim(), params.url_template.trim());
      const id = ++ctx.org.lastConfigId;
      ctx.org.linkifiers.push({
        id,
        pattern: params.pattern.trim(),
        url_template: params.url_template.trim(),
      });
      announceLinkifiers(ctx);
      return success({ id });
    }),
  );
  app.patch(
    '/api/v1/realm/filters/:id',
    authed((userId, request) => {
      const ctx = asAdmin(userId);
      const linkifier = linkifierAt(ctx.org, idParam(request, 'id'));
      const params = parseParams(linkifierParams, rawParams(request));
      checkLinkifier(params.pattern.trim(), params.url_template.trim());
      linkifier.pattern = params.pattern.trim();
      linkifier.url_template = params.url_template.trim();
      announceLinkifiers(ctx);
      return success();
    }),
  );
  app.delete(
    '/api/v1/realm/filters/:id',
    authed((userId, request) => {
      const ctx = asAdmin(userId);
      const linkifier = linkifierAt(ctx.org, idParam(request, 'id'));
      ctx.org.linkifiers.splice(ctx.org.linkifiers.indexOf(linkifier), 1);
      announceLinkifiers(ctx);
      return success();
    }),
  );
  app.post(
    '/api/v1/realm/playgrounds',
    authed((userId, request) => {
      const ctx = asAdmin(userId);
      const params = parseParams(playgroundParams, rawParams(request));
      const urlTemplate = params.url_template.trim();
      if (!isUrlTemplate(urlTemplate)) throw badRequest('Invalid URL template.');
      if (!templateVariables(urlTemplate).includes('code')) {
        throw badRequest('Missing the required variable "code" in the URL template');
      }
      const id = ++ctx.org.lastConfigId;
      ctx.org.playgrounds.push({
        id,
        name: params.name.trim(),
        pygments_language: params.pygments_language.trim(),
        url_template: urlTemplate,
      });
      announcePlaygrounds(ctx);
      return success({ id });
    }),
  );
  app.delete(
    '/api/v1/realm/playgrounds/:id',
    authed((userId, request) => {
      const ctx = asAdmin(userId);
      const index = ctx.org.playgrounds.findIndex((p) => p.id === idParam(request, 'id'));
      if (index === -1) throw badRequest('Invalid playground');
      ctx.org.playgrounds.splice(index, 1);
      announcePlaygrounds(ctx);
      return success();
    }),
  );
}
