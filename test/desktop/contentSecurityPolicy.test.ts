import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src-main/desktop/contentSecurityPolicy';

const directives = (policy: string): Map<string, string[]> =>
  new Map(
    policy.split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );

describe('content security policy', () => {
  it('runs only the app’s own scripts and styles, with no inline code, in a built app', () => {
    const policy = directives(contentSecurityPolicy({ imageOrigins: ['http://127.0.0.1:9991'] }));

    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'http://127.0.0.1:9991']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it("allows the dev server's injected styles and reload socket only when running from it", () => {
    const policy = directives(
      contentSecurityPolicy({ imageOrigins: [], devServer: 'http://localhost:5173' }),
    );

    expect(policy.get('style-src')).toContain("'unsafe-inline'");
    expect(policy.get('connect-src')).toEqual(["'self'", 'ws://localhost:5173']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });
});
