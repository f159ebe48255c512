import type { FastifyInstance } from 'fastify';
import { openInvite } from '../actions/invitations';
import { ApiError } from '../errors';
import type { Services } from '../services';
import { getRealm } from '../store/realm';

const escapeHtml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${title}</title></head><body>${body}</body></html>`;

/**
 * The invitation link (`/join/{key}/`, where Zulip's is) opened in a web
 * browser: Hearth has no web app, so the page says how to join with the
 * app, or that the link no longer works. No script runs on it.
 */
export function registerJoinPage(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { key: string } }>('/join/:key/', async (request, reply) => {
    const name = escapeHtml(getRealm(services.sql)?.name ?? 'Hearth');
    let status = 200;
    let html: string;
    try {
      openInvite(services, request.params.key);
      html = page(
        `Join ${name}`,
        `<h1>You are invited to ${name}</h1>` +
          `<p>${name} chats with Hearth. Open Hearth, choose <strong>Join an organization</strong>, ` +
          `and paste this page's address as the server: Hearth then asks your name, email and a password.</p>`,
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      status = 404;
      html = page(`${name}: invitation`, `<h1>${escapeHtml(error.message)}</h1>`);
    }
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .headers({
        'Content-Security-Policy': "default-src 'none'",
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      })
      .send(html);
  });
}
