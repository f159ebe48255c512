import { describe, expect, it } from 'vitest';
import {
  cleartextWarning,
  isLoopbackHost,
  normaliseServerUrl,
  requireCleartextChoice,
} from '../../../src-main/client/accounts/serverUrl';
import { SignInError } from '../../../src-main/client/accounts/signInError';

describe('normaliseServerUrl', () => {
  it.each([
    ['  chat.example.com  ', 'https://chat.example.com'],
    ['chat.example.com/', 'https://chat.example.com'],
    ['https://chat.example.com/', 'https://chat.example.com'],
    ['HTTPS://Chat.Example.com', 'https://chat.example.com'],
    ['localhost:9991', 'https://localhost:9991'],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080'],
    ['https://example.com/zulip/', 'https://example.com/zulip'],
  ])('reads %j as %s', (typed, expected) => {
    expect(normaliseServerUrl(typed)).toBe(expected);
  });

  it.each(['ftp://files.example.com', 'file:///etc/passwd', 'ws://chat.example.com'])(
    'rejects the %s scheme, naming the serverUrl field',
    (typed) => {
      expect(() => normaliseServerUrl(typed)).toThrow(
        expect.objectContaining({ kind: 'invalid-input', field: 'serverUrl' }),
      );
    },
  );

  it('rejects an empty address and one that is not a URL', () => {
    for (const typed of ['', '   ', 'http://exa mple.com']) {
      expect(() => normaliseServerUrl(typed)).toThrow(SignInError);
    }
  });

  it('rejects an address carrying a name and password', () => {
    expect(() => normaliseServerUrl('https://me:secret@chat.example.com')).toThrow(
      expect.objectContaining({ kind: 'invalid-input' }),
    );
  });
});

describe('cleartext warning', () => {
  it.each(['localhost', '127.0.0.1', '127.8.9.10', '[::1]', 'LOCALHOST'])(
    'counts %s as this computer',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );

  it.each([
    'example.com',
    '10.0.0.1',
    '128.0.0.1',
    '[::2]',
    'localhost.example.com',
    '127.0.0.1.nip.io',
  ])('counts %s as another computer', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it('warns about http:// to another computer, since the key would travel in clear', () => {
    expect(cleartextWarning('http://chat.example.com')).toMatch(/in clear/);
    expect(cleartextWarning('http://192.168.1.20:9991')).toMatch(/192\.168\.1\.20:9991/);
  });

  it('does not warn about https://, nor about http:// on this computer', () => {
    expect(cleartextWarning('https://chat.example.com')).toBeNull();
    expect(cleartextWarning('http://127.0.0.1:9991')).toBeNull();
    expect(cleartextWarning('http://localhost:9991')).toBeNull();
    expect(cleartextWarning('http://[::1]:9991')).toBeNull();
  });
});

describe('the choice to send a secret unencrypted', () => {
  it.each([
    'http://localhost:9991',
    'http://127.3.4.5:9991',
    'http://[::1]:9991',
    'https://10.0.0.1',
  ])('is not needed for %s', (url) => {
    expect(() => requireCleartextChoice(url, 'password', undefined)).not.toThrow();
  });

  it('is needed for http:// to another computer, beside its own field', () => {
    expect(() => requireCleartextChoice('http://10.0.0.1:9991', 'password', true)).not.toThrow();
    let refused: unknown;
    try {
      requireCleartextChoice('http://10.0.0.1:9991', 'API key', false);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(SignInError);
    expect(refused).toMatchObject({
      kind: 'cleartext',
      field: 'unencrypted',
      message: expect.stringContaining('tick “Send my API key unencrypted”'),
    });
  });
});
