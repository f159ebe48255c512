import type { PublicNameRequest } from '../../src-preload/bridge';
import type { PublicNameInput } from '../server/certificates/publicName';
import { mt } from '../i18n/mainText';
import { parseHostPort } from '../wire/hostPort';

/**
 * The Hosting page's form as the host worker takes it: the settings it keeps,
 * and the DNS secret (the TSIG key's, or Cloudflare's token) it keeps apart.
 */
export function publicNameOf(request: PublicNameRequest): {
  settings: PublicNameInput;
  dnsSecret: string;
} {
  const zone = request.zone ?? request.name.slice(request.name.indexOf('.') + 1);
  const base = {
    name: request.name,
    ...(request.directoryUrl === undefined ? {} : { directoryUrl: request.directoryUrl }),
    ...(request.email === undefined ? {} : { email: request.email }),
  };
  const { dns } = request;
  if (dns.kind === 'cloudflare') {
    return { settings: { ...base, dns: { kind: 'cloudflare', zone } }, dnsSecret: dns.token };
  }
  const server = parseHostPort(dns.server, 53);
  if (!server) throw new Error(mt('main.publicName.badServer', { server: dns.server }));
  return {
    settings: {
      ...base,
      dns: {
        kind: 'rfc2136',
        ...server,
        zone,
        keyName: dns.keyName,
        algorithm: dns.algorithm,
      },
    },
    dnsSecret: dns.secret,
  };
}
