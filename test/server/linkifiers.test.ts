import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Linkifiers and code playgrounds: /realm/linkifiers and /realm/filters with
// RFC 6570 templates, RE2 patterns refused with Zulip's words, links in
// content and topics, realm_linkifiers events to clients that read templates,
// Zulip 12's order, examples and alternative templates, and
// /realm/playgrounds with Zulip 12's url_template (feature level 196).

type Event = { id: number; type: string } & Record<string, unknown>;
type Linkifier = { id: number; pattern: string; url_template: string };

// The Zulip 12 fields of a linkifier given none of them (feature levels 471 and 478).
const noExtras = { example_input: null, reverse_template: null, alternative_url_templates: [] };

describe('linkifiers', () => {
  let org: Org;
  let alice: TestUser;

  const asOwner = () => org.api(org.owner);
  const add = (pattern: string, url_template: string) =>
    asOwner()('POST', '/realm/filters', { pattern, url_template });
  const list = async (user: TestUser = alice) =>
    (await org.api(user)('GET', '/realm/linkifiers')).json.linkifiers as Linkifier[];
  const clear = async () => {
    for (const { id } of await list()) await asOwner()('DELETE', `/realm/filters/${id}`);
  };
  const message = async (id: number) =>
    (await org.api(alice)('GET', `/messages/${id}`)).json.message as Record<string, unknown>;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.subscribe(alice, 'general');
  });
  afterAll(() => org?.close());

  it('adds one for administrators and lists it to everyone, trimmed', async () => {
    await clear();
    const answer = await add(' #(?P<id>[123]) ', ' https://realm.com/my_realm_filter/{id} ');
    expect(answer.json).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
    expect(await list()).toEqual([
      {
        id: answer.json.id,
        pattern: '#(?P<id>[123])',
        url_template: 'https://realm.com/my_realm_filter/{id}',
        ...noExtras,
      },
    ]);
  });

  it('refuses anyone but an administrator before reading the parameters', async () => {
    for (const [method, path] of [
      ['POST', '/realm/filters'],
      ['PATCH', '/realm/filters/15'],
      ['DELETE', '/realm/filters/15'],
      ['POST', '/realm/playgrounds'],
      ['DELETE', '/realm/playgrounds/15'],
    ] as const) {
      const answer = await org.api(alice)(method, path);
      expect(answer.json).toEqual({
        result: 'error',
        msg: 'Must be an organization administrator',
        code: 'UNAUTHORIZED_PRINCIPAL',
      });
    }
  });

  it.each([
    ['', 'https://realm.com/{id}', 'This field cannot be blank.', 'pattern'],
    ['(foo', 'https://realm.com/{id}', 'Bad regular expression: missing ): (foo', 'pattern'],
    [
      'ZUL-(?P<id>\\d????)',
      'https://realm.com/{id}',
      'Bad regular expression: bad repetition operator: ????',
      'pattern',
    ],
    [
      '(?<=a)b',
      'https://realm.com/',
      'Bad regular expression: invalid named capture group: (?<=a)b',
      'pattern',
    ],
    [
      '(a)\\1',
      'https://realm.com/',
      'Bad regular expression: invalid escape sequence: \\1',
      'pattern',
    ],
    ['ZUL-(?P<id>\\d+)', '{id', 'Invalid URL template.', 'url_template'],
    ['ZUL-(?P<id>\\d+)', '', 'This field cannot be blank.', 'url_template'],
    [
      'ZUL-(?P<id>\\d+)',
      '$fgfg',
      "Group 'id' in linkifier pattern is not present in URL template.",
      '__all__',
    ],
    [
      'ZUL-(?P<id>\\d+)',
      'https://realm.com/my_realm_filter/{hello}',
      "Group 'hello' in URL template is not present in linkifier pattern.",
      '__all__',
    ],
    [
      'ZUL-(?P<id>\\d+)-(?P<hello>\\d+)',
      'https://realm.com/my_realm_filter/{hello}',
      "Group 'id' in linkifier pattern is not present in URL template.",
      '__all__',
    ],
  ])('refuses %j → %j with Zulip’s words', async (pattern, template, msg, field) => {
    await clear();
    const answer = await add(pattern, template);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      result: 'error',
      msg,
      code: 'BAD_REQUEST',
      errors: expect.objectContaining({ [field]: expect.arrayContaining([msg]) }),
    });
    expect(await list()).toEqual([]);
  });

  it('takes the templates of Zulip’s own tests, RFC 6570 operators included', async () => {
    await clear();
    const accepted = [
      ['ZUL-(?P<id>\\d+)', 'https://realm.com/my_realm_filter/#hashtag/{id}'],
      ['ZUL-URL-(?P<id>\\d+)', 'https://example.com/%ba/{id}'],
      [
        '(?P<org>[a-zA-Z0-9_-]+)/(?P<repo>[a-zA-Z0-9_-]+)#(?P<id>[0-9]+)',
        'https://github.com/{org}/{repo}/issue/{id}',
      ],
      [
        'FOO_(?P<id>[a-f]{5});(?P<zone>[a-f]);(?P<domain>[a-z]+);(?P<location>[a-z]+);(?P<name>[a-z]{2,8});(?P<chapter>[0-9]{2,3});(?P<fragment>[a-z]{2,8})',
        'https://zone_{zone}{.domain}.net/ticket{/location}{/id}{?name,chapter}{#fragment:5}',
      ],
    ];
    for (const [pattern, template] of accepted) {
      expect((await add(pattern ?? '', template ?? '')).json.result).toBe('success');
    }
    const id = await org.sendStream(
      alice,
      'general',
      'ops',
      'FOO_abcde;e;zulip;chat;invite;50;subchap and zulip/zulip#42',
    );
    expect((await message(id)).content).toBe(
      '<p><a href="https://zone_e.zulip.net/ticket/chat/abcde?name=invite&amp;chapter=50#subch">FOO_abcde;e;zulip;chat;invite;50;subchap</a> and <a href="https://github.com/zulip/zulip/issue/42">zulip/zulip#42</a></p>',
    );
  });

  it('updates and removes by ID, saying when there is none', async () => {
    await clear();
    const { id } = (await add('#(?P<id>[123])', 'https://realm.com/my_realm_filter/{id}')).json as {
      id: number;
    };
    const changed = await asOwner()('PATCH', `/realm/filters/${id}`, {
      pattern: '#(?P<id>[0-9]+)',
      url_template: 'https://realm.com/my_realm_filter/issues/{id}',
    });
    expect(changed.json).toEqual({ result: 'success', msg: '' });
    expect(await list()).toEqual([
      {
        id,
        pattern: '#(?P<id>[0-9]+)',
        url_template: 'https://realm.com/my_realm_filter/issues/{id}',
        ...noExtras,
      },
    ]);
    const badPattern = await asOwner()('PATCH', `/realm/filters/${id}`, {
      pattern: 'ZUL-(?P<id>\\d????)',
      url_template: 'https://realm.com/{id}',
    });
    expect(badPattern.json.msg).toBe('Bad regular expression: bad repetition operator: ????');
    const unknown = await asOwner()('PATCH', `/realm/filters/${id + 1}`, {
      pattern: '{',
      url_template: '{',
    });
    expect(unknown.json).toEqual({
      result: 'error',
      msg: 'Linkifier not found.',
      code: 'BAD_REQUEST',
    });
    expect((await asOwner()('DELETE', `/realm/filters/${id + 1}`)).json.msg).toBe(
      'Linkifier not found.',
    );
    expect((await asOwner()('DELETE', `/realm/filters/${id}`)).json.result).toBe('success');
    expect(await list()).toEqual([]);
  });

  it('links content and topics, and leaves messages sent before a change as they were', async () => {
    await clear();
    await add('#(?P<id>[0-9]{2,8})', 'https://trac.example.com/ticket/{id}');
    const first = await org.sendStream(
      alice,
      'general',
      'fix #224 and zulip.com',
      'see #224, not #1124z',
    );
    const sent = await message(first);
    expect(sent.content).toBe(
      '<p>see <a href="https://trac.example.com/ticket/224">#224</a>, not #1124z</p>',
    );
    const links = [
      { text: '#224', url: 'https://trac.example.com/ticket/224' },
      { text: 'zulip.com', url: 'https://zulip.com' },
    ];
    expect(sent.topic_links).toEqual(links);
    expect(sent.subject_links).toEqual(links);

    await clear();
    await add('#(?P<id>[0-9]{2,8})', 'https://other.example.com/{id}');
    const again = await message(first);
    // Zulip keeps the rendered HTML of a message; topic links follow the linkifiers.
    expect(again.content).toBe(sent.content);
    expect(again.topic_links).toEqual([
      { text: '#224', url: 'https://other.example.com/224' },
      { text: 'zulip.com', url: 'https://zulip.com' },
    ]);
  });

  it('gives https to a topic’s web address written without a scheme, //host/path too', async () => {
    await clear();
    const id = await org.sendStream(
      alice,
      'general',
      'see //example.com/103 and www.example.org',
      'x',
    );
    expect((await message(id)).topic_links).toEqual([
      { text: '//example.com/103', url: 'https://example.com/103' },
      { text: 'www.example.org', url: 'https://www.example.org' },
    ]);
  });

  it('gives overlapping topic matches to the earlier linkifier', async () => {
    await clear();
    await add('(?P<id>[A-Z]+-[0-9]+)', 'https://jira.example.com/{id}');
    await add('(?P<id>[0-9]+)', 'https://numbers.example.com/{id}');
    const id = await org.sendStream(alice, 'general', 'ABC-12 and 34', 'x');
    expect((await message(id)).topic_links).toEqual([
      { text: 'ABC-12', url: 'https://jira.example.com/ABC-12' },
      { text: '34', url: 'https://numbers.example.com/34' },
    ]);
  });

  it('sends the new topic’s links with a topic edit', async () => {
    await clear();
    await add('#(?P<id>[0-9]+)', 'https://trac.example.com/{id}');
    const id = await org.sendStream(alice, 'general', 'before', 'x');
    const queue = (await org.api(alice)('POST', '/register', { event_types: ['update_message'] }))
      .json.queue_id as string;
    await org.api(alice)('PATCH', `/messages/${id}`, { topic: 'after #9' });
    const { events } = (
      await org.api(alice)('GET', '/events', { queue_id: queue, dont_block: true })
    ).json as { events: Event[] };
    expect(events[0]).toMatchObject({
      subject: 'after #9',
      topic_links: [{ text: '#9', url: 'https://trac.example.com/9' }],
    });
  });

  it('tells clients that read templates of every change, with the whole list, and no one else', async () => {
    await clear();
    const register = (capabilities: Record<string, boolean>) =>
      org.api(alice)('POST', '/register', {
        event_types: ['realm_linkifiers', 'realm_filters'],
        client_capabilities: capabilities,
      });
    const modern = (await register({ linkifier_url_template: true })).json;
    const legacy = (await register({})).json;
    const { id } = (await add('#(?P<id>[0-9]+)', 'https://trac.example.com/{id}')).json as {
      id: number;
    };
    const eventsOf = async (queue: string) =>
      (await org.api(alice)('GET', '/events', { queue_id: queue, dont_block: true })).json
        .events as Event[];
    expect(await eventsOf(modern.queue_id as string)).toEqual([
      {
        id: 0,
        type: 'realm_linkifiers',
        realm_linkifiers: [
          {
            id,
            pattern: '#(?P<id>[0-9]+)',
            url_template: 'https://trac.example.com/{id}',
            ...noExtras,
          },
        ],
      },
    ]);
    expect(await eventsOf(legacy.queue_id as string)).toEqual([]);
    expect((await register({ linkifier_url_template: true })).json).toMatchObject({
      realm_linkifiers: [{ id }],
      realm_filters: [],
    });
    expect((await register({})).json).toMatchObject({ realm_linkifiers: [], realm_filters: [] });
  });

  it('runs a pattern that would backtrack without bound in linear time, so the host keeps answering', async () => {
    await clear();
    // (a+)+$ takes a backtracking engine exponential time on "aaa…a!";
    // RE2 answers at once, and the host renders the longest message Zulip takes.
    const saved = await add('(a+)+$', 'https://example.com/a');
    expect(saved.json.result).toBe('success');
    const never = await org.sendStream(
      alice,
      'general',
      'a'.repeat(59) + '!',
      `${'a'.repeat(9999)}!`,
    );
    expect((await message(never)).content).toBe(`<p>${'a'.repeat(9999)}!</p>`);
    const whole = await org.sendStream(alice, 'general', 'long', 'a'.repeat(10000));
    expect((await message(whole)).content).toBe(
      `<p><a href="https://example.com/a">${'a'.repeat(10000)}</a></p>`,
    );
    expect((await org.api(alice)('GET', '/users/me')).json.result).toBe('success');
  });
});

describe('code playgrounds', () => {
  let org: Org;
  let alice: TestUser;
  const add = (params: Record<string, unknown>) =>
    org.api(org.owner)('POST', '/realm/playgrounds', params);
  const playgrounds = async () =>
    (await org.api(alice)('POST', '/register', { fetch_event_types: ['realm_playgrounds'] })).json
      .realm_playgrounds;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
  });
  afterAll(() => org?.close());

  it('adds one, tells everyone the whole list, and removes it', async () => {
    const queue = (
      await org.api(alice)('POST', '/register', { event_types: ['realm_playgrounds'] })
    ).json.queue_id as string;
    const answer = await add({
      name: ' Python playground ',
      pygments_language: 'Python',
      url_template: 'https://python.example.com?code={code}',
    });
    expect(answer.json).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
    // Zulip 12's url_template alone (feature level 196).
    const entry = {
      id: answer.json.id,
      name: 'Python playground',
      pygments_language: 'Python',
      url_template: 'https://python.example.com?code={code}',
    };
    expect(await playgrounds()).toEqual([entry]);
    const { events } = (
      await org.api(alice)('GET', '/events', { queue_id: queue, dont_block: true })
    ).json as { events: Event[] };
    expect(events).toEqual([{ id: 0, type: 'realm_playgrounds', realm_playgrounds: [entry] }]);

    const removed = await org.api(org.owner)('DELETE', `/realm/playgrounds/${entry.id}`);
    expect(removed.json).toEqual({ result: 'success', msg: '' });
    expect(await playgrounds()).toEqual([]);
    expect((await org.api(org.owner)('DELETE', `/realm/playgrounds/${entry.id}`)).json).toEqual({
      result: 'error',
      msg: 'Invalid playground',
      code: 'BAD_REQUEST',
    });
  });

  it.each([
    [
      // Zulip 7.0's url_prefix is no parameter of Zulip 12's.
      { name: 'P', pygments_language: 'Python', url_prefix: 'https://p.example.com/' },
      "Missing 'url_template' argument",
    ],
    [
      {
        name: 'P',
        pygments_language: 'x'.repeat(41),
        url_template: 'https://p.example.com/{code}',
      },
      'pygments_language is too long (limit: 40 characters)',
    ],
    [
      { name: 'P', pygments_language: 'py$', url_template: 'https://p.example.com/{code}' },
      'Invalid characters in pygments language',
    ],
    [
      { name: '  ', pygments_language: 'Python', url_template: 'https://p.example.com/{code}' },
      'This field cannot be blank.',
    ],
    [
      { pygments_language: 'Python', url_template: 'https://p.example.com/{code}' },
      "Missing 'name' argument",
    ],
  ])('refuses %j with Zulip’s words', async (params, msg) => {
    const answer = await add(params);
    expect(answer.status).toBe(400);
    expect(answer.json.msg).toBe(msg);
    expect(await playgrounds()).toEqual([]);
  });

  it('refuses a second playground of the same name and language', async () => {
    const params = {
      name: 'Rust',
      pygments_language: 'Rust',
      url_template: 'https://play.rust-lang.org/?code={code}',
    };
    expect((await add(params)).json.result).toBe('success');
    expect((await add(params)).json).toEqual({
      result: 'error',
      msg: 'Realm playground with this Realm, Pygments language and Name already exists.',
      code: 'BAD_REQUEST',
      errors: {
        __all__: ['Realm playground with this Realm, Pygments language and Name already exists.'],
      },
    });
  });
});

describe("linkifiers' order, examples and alternative templates (Zulip 12)", () => {
  let org: Org;
  let alice: TestUser;

  const asOwner = () => org.api(org.owner);
  const list = async () =>
    (await org.api(alice)('GET', '/realm/linkifiers')).json.linkifiers as Linkifier[];
  const add = async (pattern: string, url_template: string, extras: Record<string, unknown> = {}) =>
    (await asOwner()('POST', '/realm/filters', { pattern, url_template, ...extras })).json
      .id as number;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.subscribe(alice, 'general');
  });
  afterAll(() => org?.close());

  it('reorders the linkifiers, applies the new order and tells clients the list (level 202)', async () => {
    const first = await add('#(?P<id>[0-9]+)', 'https://first.example.com/{id}');
    const second = await add('#(?P<id>[0-9]+)', 'https://second.example.com/{id}');
    const queue = (
      await org.api(alice)('POST', '/register', {
        event_types: ['realm_linkifiers'],
        client_capabilities: { linkifier_url_template: true },
      })
    ).json.queue_id as string;
    const reordered = await asOwner()('PATCH', '/realm/linkifiers', {
      ordered_linkifier_ids: [second, first],
    });
    expect(reordered.json).toEqual({ result: 'success', msg: '' });
    expect((await list()).map((linkifier) => linkifier.id)).toEqual([second, first]);
    const { events } = (
      await org.api(alice)('GET', '/events', { queue_id: queue, dont_block: true })
    ).json as { events: Event[] };
    expect(events).toMatchObject([
      { type: 'realm_linkifiers', realm_linkifiers: [{ id: second }, { id: first }] },
    ]);
    const id = await org.sendStream(alice, 'general', 'order', 'see #7');
    const sent = (await org.api(alice)('GET', `/messages/${id}`)).json.message;
    expect(sent.content).toBe('<p>see <a href="https://second.example.com/7">#7</a></p>');
    // A linkifier added later applies after the others.
    const third = await add('T(?P<id>[0-9]+)', 'https://third.example.com/{id}');
    expect((await list()).map((linkifier) => linkifier.id)).toEqual([second, first, third]);
    await org.restart();
    expect((await list()).map((linkifier) => linkifier.id)).toEqual([second, first, third]);
  });

  it("refuses an order that does not name every linkifier once, in Zulip's words", async () => {
    const ids = (await list()).map((linkifier) => linkifier.id);
    const [a = 0, b = 0] = ids;
    const cases: [unknown, string][] = [
      [[a, a, b], 'The ordered list must not contain duplicated linkifiers'],
      [[a, b], 'The ordered list must enumerate all existing linkifiers exactly once'],
      [[...ids, 9999], 'The ordered list must enumerate all existing linkifiers exactly once'],
    ];
    for (const [ordered, msg] of cases) {
      const answer = await asOwner()('PATCH', '/realm/linkifiers', {
        ordered_linkifier_ids: ordered,
      });
      expect(answer.json, JSON.stringify(ordered)).toEqual({
        result: 'error',
        msg,
        code: 'BAD_REQUEST',
      });
    }
    expect((await list()).map((linkifier) => linkifier.id)).toEqual(ids);
    const refused = await org.api(alice)('PATCH', '/realm/linkifiers', {
      ordered_linkifier_ids: ids,
    });
    expect(refused.json.msg).toBe('Must be an organization administrator');
  });

  it('keeps an example input, a reverse template and alternative templates (levels 471, 478)', async () => {
    const id = await add('GH-(?P<id>[0-9]+)', 'https://github.com/zulip/zulip/issues/{id}', {
      example_input: ' GH-123 ',
      reverse_template: 'GH-{id}',
      alternative_url_templates: ['https://github.com/zulip/zulip/pull/{id}'],
    });
    const stored = async () => (await list()).find((linkifier) => linkifier.id === id);
    expect(await stored()).toEqual({
      id,
      pattern: 'GH-(?P<id>[0-9]+)',
      url_template: 'https://github.com/zulip/zulip/issues/{id}',
      example_input: 'GH-123',
      reverse_template: 'GH-{id}',
      alternative_url_templates: ['https://github.com/zulip/zulip/pull/{id}'],
    });
    // A PATCH without them keeps them; an empty string clears one.
    await asOwner()('PATCH', `/realm/filters/${id}`, {
      pattern: 'GH-(?P<id>[0-9]+)',
      url_template: 'https://github.com/zulip/zulip/issues/{id}',
    });
    expect(await stored()).toMatchObject({ example_input: 'GH-123', reverse_template: 'GH-{id}' });
    await asOwner()('PATCH', `/realm/filters/${id}`, {
      pattern: 'GH-(?P<id>[0-9]+)',
      url_template: 'https://github.com/zulip/zulip/issues/{id}',
      reverse_template: '',
      alternative_url_templates: [],
    });
    expect(await stored()).toMatchObject({
      example_input: 'GH-123',
      reverse_template: null,
      alternative_url_templates: [],
    });
  });

  it('refuses a reverse template without an example, and a bad alternative template', async () => {
    const before = await list();
    const noExample = await asOwner()('POST', '/realm/filters', {
      pattern: 'X-(?P<id>[0-9]+)',
      url_template: 'https://x.example.com/{id}',
      reverse_template: 'X-{id}',
    });
    expect(noExample.json).toMatchObject({
      result: 'error',
      msg: 'Reverse template requires an example input.',
    });
    const badAlternative = await asOwner()('POST', '/realm/filters', {
      pattern: 'X-(?P<id>[0-9]+)',
      url_template: 'https://x.example.com/{id}',
      alternative_url_templates: ['https://x.example.com/{id'],
    });
    expect(badAlternative.json).toMatchObject({
      result: 'error',
      msg: 'Invalid URL template.',
      errors: { alternative_url_templates: ['Invalid URL template.'] },
    });
    expect(await list()).toEqual(before);
  });
});

describe("code playgrounds with Zulip 12's url_template (level 196)", () => {
  let org: Org;
  let alice: TestUser;
  const add = (params: Record<string, unknown>) =>
    org.api(org.owner)('POST', '/realm/playgrounds', params);
  const playgrounds = async () =>
    (await org.api(alice)('POST', '/register', { fetch_event_types: ['realm_playgrounds'] })).json
      .realm_playgrounds;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
  });
  afterAll(() => org?.close());

  it('takes a template whose one variable is the code', async () => {
    const answer = await add({
      name: 'Rust',
      pygments_language: 'Rust',
      url_template: 'https://play.rust-lang.org/?edition=2021&code={code}',
    });
    expect(answer.json).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
    const elsewhere = await add({
      name: 'Go',
      pygments_language: 'Go',
      url_template: 'https://go.dev/play/{?code}',
    });
    expect(elsewhere.json.result).toBe('success');
    expect(await playgrounds()).toEqual([
      {
        id: answer.json.id,
        name: 'Rust',
        pygments_language: 'Rust',
        url_template: 'https://play.rust-lang.org/?edition=2021&code={code}',
      },
      {
        id: elsewhere.json.id,
        name: 'Go',
        pygments_language: 'Go',
        url_template: 'https://go.dev/play/{?code}',
      },
    ]);
  });

  it("refuses a template that is not one, or has other variables, in Zulip's words", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { name: 'P', pygments_language: 'Python', url_template: 'https://p.example.com/{code' },
        'Invalid URL template.',
      ],
      [
        { name: 'P', pygments_language: 'Python', url_template: 'https://p.example.com/{id}' },
        '"code" should be the only variable present in the URL template',
      ],
      [
        {
          name: 'P',
          pygments_language: 'Python',
          url_template: 'https://p.example.com/{lang}/{code}',
        },
        '"code" should be the only variable present in the URL template',
      ],
      [{ name: 'P', pygments_language: 'Python' }, "Missing 'url_template' argument"],
    ];
    for (const [params, msg] of cases) {
      const answer = await add(params);
      expect(answer.status, JSON.stringify(params)).toBe(400);
      expect(answer.json.msg, JSON.stringify(params)).toBe(msg);
    }
    expect(await playgrounds()).toHaveLength(2);
  });
});
