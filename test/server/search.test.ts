import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('search narrows', () => {
  let org: Org;
  let alice: TestUser;
  const sent: Record<string, number> = {};

  const search = async (operand: string, extra: unknown[] = []) => {
    const response = await org.api(alice)('GET', '/messages', {
      anchor: 'newest',
      num_before: 50,
      num_after: 0,
      narrow: [...extra, { operator: 'search', operand }],
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.messages as {
      id: number;
      match_content: string;
      match_subject: string;
    }[];
  };
  const found = async (operand: string, extra: unknown[] = []) => {
    const ids = (await search(operand, extra)).map((m) => m.id);
    return Object.keys(sent).filter((name) => ids.includes(sent[name] ?? -1));
  };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.subscribe(alice, 'lab');
    const post = async (name: string, topic: string, content: string) => {
      const response = await org.api(alice)('POST', '/messages', {
        type: 'stream',
        to: 'lab',
        topic,
        content,
      });
      sent[name] = response.json.id;
    };
    await post('coffee', 'Breaks', 'The **coffee** machine is broken');
    await post('tea', 'breaks', 'Tea is fine, the kettle works');
    await post('cafe', 'Café <plans>', 'Meet at the café');
    await post('machine', 'hardware', 'machine learning talk');
  });
  afterAll(() => org.close());

  it('finds messages containing every word, in content or topic', async () => {
    expect(await found('coffee')).toEqual(['coffee']);
    expect(await found('broken machine')).toEqual(['coffee']);
    expect(await found('breaks')).toEqual(['coffee', 'tea']);
    expect(await found('missing words')).toEqual([]);
  });

  it('matches words by their beginning, regardless of case and accents', async () => {
    expect(await found('KETTLE')).toEqual(['tea']);
    expect(await found('brok')).toEqual(['coffee']);
    expect(await found('cafe')).toEqual(['cafe']);
  });

  it('matches a quoted phrase only as a phrase', async () => {
    expect(await found('"machine is"')).toEqual(['coffee']);
    expect(await found('"is machine"')).toEqual([]);
  });

  it('combines with other operators', async () => {
    expect(await found('machine', [['topic', 'hardware']])).toEqual(['machine']);
  });

  it('finds nothing for a search without words', async () => {
    expect(await found('!!!')).toEqual([]);
  });

  it('highlights the matches in match_content and match_subject as Zulip does', async () => {
    const [message] = await search('coffee breaks');
    expect(message?.match_content).toBe(
      '<p>The <strong><span class="highlight">coffee</span></strong> machine is broken</p>',
    );
    expect(message?.match_subject).toBe('<span class="highlight">Breaks</span>');
  });

  it('escapes the topic before highlighting it', async () => {
    const [message] = await search('cafe');
    expect(message?.match_subject).toBe('<span class="highlight">Café</span> &lt;plans&gt;');
  });

  it('leaves match fields out of results that are not searches', async () => {
    const response = await org.api(alice)('GET', '/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
    });
    expect(response.json.messages[0]).not.toHaveProperty('match_content');
  });

  it('rejects a blank search with BAD_NARROW', async () => {
    const response = await org.api(alice)('GET', '/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [['search', '  ']],
    });
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('BAD_NARROW');
  });
});
