import { describe, expect, it } from 'vitest';
import { parseInvitationLink } from '../../../src-main/client/accounts/invitationLink';

describe('invitation links', () => {
  const key = 'wjiocm0s4j1pud60v6qi7xw1';

  it("reads Zulip's link, with or without its slash, fragment or surrounding spaces", () => {
    for (const link of [
      `https://chat.example.com/join/${key}/`,
      `https://chat.example.com/join/${key}`,
      `  https://chat.example.com/join/${key}/#fingerprint=ab  `,
    ]) {
      expect(parseInvitationLink(link)).toEqual({
        serverUrl: 'https://chat.example.com',
        key,
        fingerprint: null,
      });
    }
    expect(parseInvitationLink(`http://192.168.1.20:9991/join/${key}/`)).toEqual({
      serverUrl: 'http://192.168.1.20:9991',
      key,
      fingerprint: null,
    });
  });

  it('reads the certificate fingerprint a Hearth host adds to its link', () => {
    const hex = '0123456789abcdef'.repeat(4);
    const shown = hex.toUpperCase().match(/../g)?.join(':');
    for (const link of [
      `https://192.168.1.20:9443/join/${key}/#fingerprint=${hex}`,
      `hearth://192.168.1.20:9443/join/${key}/#fingerprint=${hex}`,
    ]) {
      expect(parseInvitationLink(link)).toEqual({
        serverUrl: 'https://192.168.1.20:9443',
        key,
        fingerprint: shown,
      });
    }
  });

  it('reads a hearth:// link over HTTPS, or over HTTP on this computer', () => {
    expect(parseInvitationLink(`hearth://chat.example.com/join/${key}/`)).toEqual({
      serverUrl: 'https://chat.example.com',
      key,
      fingerprint: null,
    });
    expect(parseInvitationLink(`hearth://127.0.0.1:9991/join/${key}/`)).toEqual({
      serverUrl: 'http://127.0.0.1:9991',
      key,
      fingerprint: null,
    });
  });

  it('takes a plain server address, or any other link, for no invitation', () => {
    for (const text of [
      'https://chat.example.com',
      'chat.example.com',
      `ftp://chat.example.com/join/${key}/`,
      'https://chat.example.com/join/short/',
      `https://chat.example.com/join/${key}/extra`,
    ]) {
      expect(parseInvitationLink(text)).toBeNull();
    }
  });
});
