import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src-main/server/http/routes';
import { ZULIP_FEATURE_LEVEL, ZULIP_VERSION } from '../../src-main/server/version';

describe('docs/compatibility.md', () => {
  const doc = () => readFile(new URL('../../docs/compatibility.md', import.meta.url), 'utf8');

  it('states the Zulip version and feature level the server reports', async () => {
    const text = await doc();
    expect(text).toContain(`| \`zulip_version\`       | \`${ZULIP_VERSION}\` |`);
    expect(text).toContain(`| \`zulip_feature_level\` | \`${ZULIP_FEATURE_LEVEL}\` |`);
  });

  it('names the path of every endpoint the server offers', async () => {
    const text = (await doc()).replace(/\{(\w+)\}/g, ':$1');
    const missing = endpoints
      .map((endpoint) => endpoint.path)
      .filter((path) => {
        const last = path.split('/').filter(Boolean).at(-1) ?? '';
        return !text.includes(path) && !text.includes(`…/${last}`) && !text.includes(`/${last}\``);
      });
    expect(missing).toEqual([]);
  });
});
