import type { FastifyInstance } from 'fastify';
import { errors } from '../errors';
import type { HostNames } from '../network/hostNames';

// Long enough for any real name; a forged header is not echoed back at length.
const echoedChars = 100;

/**
 * Refuses, before any handler runs or a body is read, every request
 * whose Host header is not one of the host's names: a web page that rebinds
 * its own name to this computer reaches the port but not the organization.
 * The answer is Zulip's generic 400 (`BAD_REQUEST`), as Django refuses a Host
 * outside ALLOWED_HOSTS with a 400 that names no more specific error. A
 * request without a Host header (HTTP/1.0) is refused too: every Zulip client
 * sends one, so only something that hides its target leaves it out.
 */
export function refuseForeignHosts(app: FastifyInstance, names: HostNames): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.host;
    if (names.answers(header)) {
      done();
      return;
    }
    const why = 'this host answers only to its own names and addresses';
    done(
      header === undefined
        ? errors.badRequest(`Missing Host header: ${why}`)
        : errors.badRequest(`Invalid Host header '${header.slice(0, echoedChars)}': ${why}`),
    );
  });
}
