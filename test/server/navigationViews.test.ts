import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 11's navigation views (feature level 390): each person's pinned and
// named views of the web app, kept by the host, told to that person's clients.

type Events = Record<string, unknown>[];

describe('navigation views', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
  });
  afterAll(() => org.close());

  const views = async (user: TestUser) =>
    (await org.api(user)('GET', '/navigation_views')).json.navigation_views;
  const registered = async (user: TestUser) =>
    (await org.api(user)('POST', '/register', { fetch_event_types: ['navigation_views'] })).json
      .navigation_views;
  const queueOf = async (user: TestUser): Promise<string> =>
    (await org.api(user)('POST', '/register', { event_types: ['navigation_view'] })).json.queue_id;
  const eventsOf = async (user: TestUser, queueId: string): Promise<Events> =>
    (
      (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
        .events as Events
    ).map(({ id: _id, ...event }) => event);

  it('adds, edits and removes views, telling only their owner', async () => {
    expect(await views(alice)).toEqual([]);
    const mine = await queueOf(alice);
    const theirs = await queueOf(bob);
    const api = org.api(alice);
    expect(
      (await api('POST', '/navigation_views', { fragment: ' inbox ', is_pinned: true })).json,
    ).toEqual({ result: 'success', msg: '' });
    await api('POST', '/navigation_views', {
      fragment: 'narrow/channel/9-design',
      is_pinned: false,
      name: ' Design ',
    });
    expect(await views(alice)).toEqual([
      { fragment: 'inbox', is_pinned: true, name: null },
      { fragment: 'narrow/channel/9-design', is_pinned: false, name: 'Design' },
    ]);
    expect(await registered(alice)).toEqual(await views(alice));

    const edited = await api('PATCH', '/navigation_views/narrow/channel/9-design', {
      is_pinned: true,
      name: 'Design team',
    });
    expect(edited.json).toEqual({ result: 'success', msg: '' });
    expect((await api('DELETE', '/navigation_views/inbox')).json.result).toBe('success');
    expect(await views(alice)).toEqual([
      { fragment: 'narrow/channel/9-design', is_pinned: true, name: 'Design team' },
    ]);
    expect(await eventsOf(alice, mine)).toEqual([
      {
        type: 'navigation_view',
        op: 'add',
        navigation_view: { fragment: 'inbox', is_pinned: true, name: null },
      },
      {
        type: 'navigation_view',
        op: 'add',
        navigation_view: { fragment: 'narrow/channel/9-design', is_pinned: false, name: 'Design' },
      },
      {
        type: 'navigation_view',
        op: 'update',
        fragment: 'narrow/channel/9-design',
        data: { name: 'Design team', is_pinned: true },
      },
      { type: 'navigation_view', op: 'remove', fragment: 'inbox' },
    ]);
    expect(await eventsOf(bob, theirs)).toEqual([]);
    expect(await views(bob)).toEqual([]);
  });

  it("refuses what Zulip refuses, in Zulip's words, and keeps nothing of it", async () => {
    const api = org.api(bob);
    await api('POST', '/navigation_views', { fragment: 'recent', is_pinned: true });
    await api('POST', '/navigation_views', {
      fragment: 'narrow/is/alerted',
      is_pinned: true,
      name: 'Alerts',
    });
    const cases: [string, string, Record<string, unknown>, number, string][] = [
      [
        'POST',
        '/navigation_views',
        { fragment: 'feed', is_pinned: true, name: 'Feed' },
        400,
        'Built-in views cannot have a custom name.',
      ],
      [
        'POST',
        '/navigation_views',
        { fragment: 'narrow/is/unread', is_pinned: true },
        400,
        'Custom views must have a valid name.',
      ],
      [
        'POST',
        '/navigation_views',
        { fragment: 'recent', is_pinned: false },
        400,
        'Navigation view already exists.',
      ],
      [
        'POST',
        '/navigation_views',
        { fragment: 'narrow/is/unread', is_pinned: true, name: 'Alerts' },
        400,
        'Navigation view already exists.',
      ],
      [
        'POST',
        '/navigation_views',
        { fragment: '  ', is_pinned: true },
        400,
        'Invalid fragment: String should have at least 1 character',
      ],
      ['POST', '/navigation_views', { fragment: 'inbox' }, 400, "Missing 'is_pinned' argument"],
      [
        'PATCH',
        '/navigation_views/recent',
        { name: 'Recent' },
        400,
        'Built-in views cannot have a custom name.',
      ],
      [
        'PATCH',
        '/navigation_views/narrow/is/nothing',
        { is_pinned: true },
        404,
        'Navigation view does not exist.',
      ],
      ['DELETE', '/navigation_views/drafts', {}, 404, 'Navigation view does not exist.'],
    ];
    for (const [method, path, params, status, msg] of cases) {
      const answer = await api(method as 'POST', path, params);
      expect(answer.status, `${method} ${path} ${JSON.stringify(params)}`).toBe(status);
      expect(answer.json.msg, `${method} ${path} ${JSON.stringify(params)}`).toBe(msg);
    }
    expect(await views(bob)).toEqual([
      { fragment: 'recent', is_pinned: true, name: null },
      { fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alerts' },
    ]);
  });

  it('keeps the views across a restart', async () => {
    const before = await views(alice);
    await org.restart();
    expect(await views(alice)).toEqual(before);
  });
});
