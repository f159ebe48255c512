import { describe, expect, it } from 'vitest';
import { publicNameOf } from '../../src-main/desktop/publicNameRequest';
import { publicNameSettingsSchema } from '../../src-main/server/certificates/publicName';

// Issue 53, point 7: the Hosting page's form becomes the settings the host
// keeps, and the secret it keeps apart; what the host would refuse is
// refused before it restarts.

const rfc2136 = {
  kind: 'rfc2136' as const,
  keyName: 'hearth-update',
  algorithm: 'hmac-sha256' as const,
  secret: 'c2VjcmV0',
};

describe("the Hosting page's public name, as the host takes it", () => {
  it('reads the DNS server as host or host:port, the zone from the name unless given', () => {
    const plain = publicNameOf({
      name: 'chat.example.com',
      dns: { ...rfc2136, server: 'ns1.example.com' },
    });
    expect(plain.dnsSecret).toBe('c2VjcmV0');
    expect(publicNameSettingsSchema.parse(plain.settings)).toEqual({
      name: 'chat.example.com',
      directoryUrl: 'https://acme-v02.api.letsencrypt.org/directory',
      dns: {
        kind: 'rfc2136',
        host: 'ns1.example.com',
        port: 53,
        zone: 'example.com',
        keyName: 'hearth-update',
        algorithm: 'hmac-sha256',
      },
    });
    const v6 = publicNameOf({
      name: 'chat.office.example.com',
      zone: 'example.com',
      directoryUrl: 'https://acme.office.example.com/directory',
      dns: { ...rfc2136, server: '[2001:db8::53]:5353' },
    });
    expect(v6.settings).toMatchObject({
      directoryUrl: 'https://acme.office.example.com/directory',
      dns: { host: '2001:db8::53', port: 5353, zone: 'example.com' },
    });
  });

  it("keeps Cloudflare's token as the secret, out of the settings", () => {
    const cloudflare = publicNameOf({
      name: 'chat.example.com',
      email: 'hana@example.com',
      dns: { kind: 'cloudflare', token: 'a-token' },
    });
    expect(cloudflare.dnsSecret).toBe('a-token');
    expect(JSON.stringify(cloudflare.settings)).not.toContain('a-token');
    expect(publicNameSettingsSchema.parse(cloudflare.settings)).toMatchObject({
      email: 'hana@example.com',
      dns: {
        kind: 'cloudflare',
        zone: 'example.com',
        apiUrl: 'https://api.cloudflare.com/client/v4',
      },
    });
  });

  it('refuses a DNS server that is neither a name nor an address with a port', () => {
    for (const server of ['ns1:example:com', 'ns1.example.com:70000', 'ns1.example.com:']) {
      expect(() => publicNameOf({ name: 'chat.example.com', dns: { ...rfc2136, server } })).toThrow(
        `“${server}” is not a DNS server`,
      );
    }
  });
});
