import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handedLinkMaxLength, parseHandedLink } from '../../../src-main/client/links/handedLinks';
import type { BridgeEventName } from '../../../src-preload/bridge';
import { signedInHearth } from '../../helpers/hearth';
import { startOrg, type Org } from '../../helpers/org';

// Issue 37, point 8: any web page can open a hearth:// link, so the app reads
// only its documented forms (docs/links.md), and even those only show a
// narrow or fill in the Join form.

const key = 'wjiocm0s4j1pud60v6qi7xw1';
const fingerprint = '0123456789abcdef'.repeat(4);

describe('the hearth:// forms the OS may hand over', () => {
  it.each([
    'hearth://chat.example.org/#narrow/stream/42-general/topic/lunch.20plans',
    'hearth://chat.example.org/club/#narrow/dm/12-alice',
    'hearth://127.0.0.1:9991/#narrow/channel/5-design/topic//near/99',
    'hearth://localhost:9991/#narrow/is/starred',
    'hearth://[::1]:9991/#narrow/pm-with/12,14-group',
  ])('shows the narrow of %s', (link) => {
    expect(parseHandedLink(link)).toEqual({ kind: 'narrow', href: link });
  });

  it('names the narrow under the server path, with or without its slash', () => {
    expect(parseHandedLink('hearth://chat.example.org/club#narrow/is/starred')).toEqual({
      kind: 'narrow',
      href: 'hearth://chat.example.org/club/#narrow/is/starred',
    });
  });

  it.each([
    `hearth://chat.example.org/join/${key}/`,
    `hearth://chat.example.org/join/${key}`,
    `hearth://chat.example.org/club/join/${key}/`,
    `hearth://192.168.1.20:9443/join/${key}/#fingerprint=${fingerprint}`,
    `hearth://127.0.0.1:9991/join/${key}/`,
  ])('fills in the Join form from %s', (link) => {
    expect(parseHandedLink(link)).toEqual({ kind: 'invitation', link });
  });

  it.each([
    ['another scheme', 'javascript:alert(1)//hearth://x/#narrow/is/starred'],
    ['a file', 'file:///etc/passwd'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['a web link', 'https://chat.example.org/#narrow/is/starred'],
    ['an upper-case scheme', 'HEARTH://chat.example.org/#narrow/is/starred'],
    ['an empty host', 'hearth:///#narrow/is/starred'],
    ['a host part that is no form', 'hearth://open?server=https://chat.example.org'],
    ['a join by query', 'hearth://join?invite=http://attacker.example/join/' + key],
    ['a query', 'hearth://chat.example.org/?next=/#narrow/is/starred'],
    ['repeated parameters', `hearth://chat.example.org/join/${key}/?a=1&a=2`],
    ['a path that is no form', 'hearth://chat.example.org/api/v1/users/me'],
    ['a narrow the window cannot show', 'hearth://chat.example.org/#narrow/search/soup'],
    ['a fragment that is no narrow', 'hearth://chat.example.org/#streams/all'],
    ['credentials', 'hearth://me:secret@chat.example.org/#narrow/is/starred'],
    ['a user name', `hearth://attacker@chat.example.org/join/${key}/`],
    ['a dot segment', 'hearth://chat.example.org/club/../#narrow/is/starred'],
    ['an encoded dot segment', 'hearth://chat.example.org/%2e%2e/#narrow/is/starred'],
    ['a port out of range', 'hearth://chat.example.org:70000/#narrow/is/starred'],
    ['an IPv6 address other than loopback', 'hearth://[fe80::1]/#narrow/is/starred'],
    ['an encoded newline', 'hearth://chat.example.org/#narrow/stream/1-a%0Atopic'],
    ['a raw newline', 'hearth://chat.example.org/\n#narrow/is/starred'],
    ['a tab', 'hearth://chat.exa\tmple.org/#narrow/is/starred'],
    ['a space', `hearth://chat.example.org/join/${key}/ `],
    ['a backslash', 'hearth://chat.example.org\\@attacker.example/#narrow/is/starred'],
    ['a look-alike letter', 'hearth://chаt.example.org/#narrow/is/starred'],
    ['a short key', 'hearth://chat.example.org/join/abc/'],
    ['a fingerprint that does not read', `hearth://chat.example.org/join/${key}/#fingerprint=ab`],
    [
      'a second fragment parameter',
      `hearth://h.example/join/${key}/#fingerprint=${fingerprint}&x=1`,
    ],
  ])('refuses %s', (_what, link) => {
    expect(parseHandedLink(link)).toBeNull();
  });

  it('refuses a link longer than any form needs', () => {
    const topic = 'a'.repeat(handedLinkMaxLength);
    expect(
      parseHandedLink(`hearth://chat.example.org/#narrow/stream/1-a/topic/${topic}`),
    ).toBeNull();
    expect(
      parseHandedLink('hearth://' + 'a.'.repeat(100_000) + 'org/#narrow/is/starred'),
    ).toBeNull();
  });
});

describe('a hearth:// link handed to the app', () => {
  let org: Org;
  let hearth: Awaited<ReturnType<typeof signedInHearth>>;
  let host: string;
  const seen: { event: BridgeEventName; payload: unknown }[] = [];

  beforeAll(async () => {
    org = await startOrg();
    hearth = await signedInHearth(org.url, await org.user('alice'), {
      beforeConnect: ({ service }) =>
        service.subscribe((event, payload) => {
          if (event === 'navigate' || event === 'invitation') seen.push({ event, payload });
        }),
    });
    host = new URL(org.url).host;
  });
  afterAll(async () => {
    await hearth?.close();
    await org?.close();
  });

  it("shows a narrow of the person's organization, and only that", () => {
    seen.length = 0;
    const target = hearth.app.openLink(`hearth://${host}/#narrow/is/starred`, {
      fromWindow: false,
    });
    expect(target).toMatchObject({ kind: 'narrow', narrow: { kind: 'starred' } });
    expect(seen).toEqual([
      {
        event: 'navigate',
        payload: { accountId: expect.any(String), narrow: { kind: 'starred' } },
      },
    ]);
  });

  it('fills in the Join form with an invitation, which the person then confirms', () => {
    seen.length = 0;
    const link = `hearth://chat.example.org/join/${key}/`;
    expect(hearth.app.openLink(link, { fromWindow: false })).toEqual({ kind: 'invitation', link });
    expect(seen).toEqual([{ event: 'invitation', payload: { link } }]);
  });

  it('does nothing with a link of another form, nor with a narrow of an organization it is not in', () => {
    seen.length = 0;
    for (const link of [
      `hearth://${host}/api/v1/users/me`,
      `hearth://${host}/user_uploads/1/ab/tok/cat.png`,
      'hearth://elsewhere.example/#narrow/is/starred',
      `https://${host}/#narrow/is/starred`,
      'javascript:alert(1)',
      `hearth://${host}/#narrow/is/starred%0A`,
    ]) {
      expect(hearth.app.openLink(link, { fromWindow: false }), link).toEqual({ kind: 'refused' });
    }
    expect(seen).toEqual([]);
  });
});
