import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileInside, isAppUrl, isExternalLink } from '../../src-main/desktop/navigationPolicy';

describe('navigation policy', () => {
  it('opens only http, https and mailto links outside the app', () => {
    expect(isExternalLink('https://zulip.com/help')).toBe(true);
    expect(isExternalLink('http://example.com')).toBe(true);
    expect(isExternalLink('mailto:alice@example.com')).toBe(true);
    expect(isExternalLink('file:///etc/passwd')).toBe(false);
    expect(isExternalLink('javascript:alert(1)')).toBe(false);
    expect(isExternalLink('smb://share/x')).toBe(false);
    expect(isExternalLink('not a url')).toBe(false);
  });

  it('recognises pages of the app by scheme and host, including the custom app:// scheme', () => {
    expect(isAppUrl('app://hearth/index.html#/stream', 'app://hearth/index.html')).toBe(true);
    expect(isAppUrl('app://elsewhere/index.html', 'app://hearth/index.html')).toBe(false);
    expect(isAppUrl('http://localhost:5173/x', 'http://localhost:5173/')).toBe(true);
    expect(isAppUrl('http://localhost:5174/x', 'http://localhost:5173/')).toBe(false);
    expect(isAppUrl('https://evil.example/', 'app://hearth/index.html')).toBe(false);
  });

  it('serves only files inside the renderer folder', () => {
    const root = join('/srv', 'renderer');
    expect(fileInside(root, '/index.html')).toBe(join(root, 'index.html'));
    expect(fileInside(root, '/assets/app%20x.js')).toBe(join(root, 'assets', 'app x.js'));
    expect(fileInside(root, '/../secret')).toBeUndefined();
    expect(fileInside(root, '/%2e%2e/secret')).toBeUndefined();
    expect(fileInside(root, '/assets/%2e%2e/%2e%2e/secret')).toBeUndefined();
    expect(fileInside(root, '/')).toBeUndefined();
    expect(fileInside(root, '/%E0%A4%A')).toBeUndefined();
  });
});
