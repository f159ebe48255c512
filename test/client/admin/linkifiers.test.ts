import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BridgeArgumentError } from '../../../src-main/client/bridge/bridgeService';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import { invokeBridgeCall } from '../../../src-preload/bridge';
import { eventually, testApps, type TestHearth } from '../../helpers/hearth';
import type { TestUser } from '../../helpers/org';
import { oldZulip, serverKinds, type TestServer } from '../../helpers/serverKinds';

// Issue 36, point 5: an administrator manages linkifiers and code playgrounds
// from Hearth's client against servers of Zulip 7.0's API (a Hearth host and
// the 7.0 double: playgrounds keep a URL prefix) and a Zulip 12 server (feature level 196 on: a `{code}`
// template) alike. The snapshot follows the server's events, a playground
// always reaches the window as a template, the lists survive a restart
// offline, and a message's topic links come with it.

const apps = testApps(createMemorySecretStore());
afterEach(() => apps.stopAll());

describe.each(serverKinds)('linkifiers and playgrounds, on $name', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await kind.start();
  });
  afterAll(() => server.close());

  const signedInAs = (user: TestUser) => apps.signedIn(server.url, user);
  const snapshot = (hearth: TestHearth) => hearth.app.active().snapshot();

  it('adds, changes and removes a linkifier as an administrator, and shows the server’s refusal', async () => {
    const hearth = await signedInAs(server.admin);
    expect(snapshot(hearth).may.manageLinkifiers).toBe(true);
    const { id } = await hearth.service.addLinkifier({
      pattern: '#(?P<id>[0-9]+)',
      urlTemplate: 'https://tracker.example.com/{id}',
    });
    await eventually('the linkifier reaches the snapshot', () =>
      snapshot(hearth).linkifiers.some((linkifier) => linkifier.id === id),
    );
    expect(snapshot(hearth).linkifiers).toEqual([
      { id, pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example.com/{id}' },
    ]);

    await hearth.service.updateLinkifier({
      id,
      pattern: 'T-(?P<id>[0-9]+)',
      urlTemplate: 'https://tracker.example.com/t/{id}',
    });
    await eventually(
      'the change reaches the snapshot',
      () => snapshot(hearth).linkifiers[0]?.pattern === 'T-(?P<id>[0-9]+)',
    );
    await expect(
      hearth.service.updateLinkifier({ id, pattern: 'T-(?P<id>[0-9]+)', urlTemplate: '{id' }),
    ).rejects.toThrow('Invalid URL template.');

    await hearth.service.removeLinkifier({ id });
    await eventually('the snapshot lists none', () => snapshot(hearth).linkifiers.length === 0);
  });

  it('adds a playground from a {code} template, which the window gets back whatever the server keeps', async () => {
    const hearth = await signedInAs(server.admin);
    const { id } = await hearth.service.addPlayground({
      name: 'Rust playground',
      pygmentsLanguage: 'Rust',
      urlTemplate: 'https://play.rust-lang.org/?code={code}',
    });
    await eventually('the playground reaches the snapshot', () =>
      snapshot(hearth).playgrounds.some((playground) => playground.id === id),
    );
    expect(snapshot(hearth).playgrounds).toEqual([
      {
        id,
        name: 'Rust playground',
        pygmentsLanguage: 'Rust',
        urlTemplate: 'https://play.rust-lang.org/?code={code}',
      },
    ]);
    await hearth.service.removePlayground({ id });
    await eventually('the snapshot lists none', () => snapshot(hearth).playgrounds.length === 0);
  });

  it('lets a member read them, offers them no changes, and keeps the list across a restart offline', async () => {
    const added = await server.api(server.admin)('POST', '/realm/filters', {
      pattern: 'PR(?P<id>[0-9]+)',
      url_template: 'https://review.example.com/{id}',
    });
    expect(added.json.result).toBe('success');
    const first = await signedInAs(server.me);
    expect(snapshot(first).may.manageLinkifiers).toBe(false);
    expect(snapshot(first).linkifiers.map((linkifier) => linkifier.pattern)).toEqual([
      'PR(?P<id>[0-9]+)',
    ]);
    const second = await apps.restartOffline(first);
    expect(snapshot(second).linkifiers.map((linkifier) => linkifier.pattern)).toEqual([
      'PR(?P<id>[0-9]+)',
    ]);
    apps.link.offline = false;
    await server.api(server.admin)('DELETE', `/realm/filters/${added.json.id as number}`);
  });

  it('brings each message’s topic links with it, to the cache', async () => {
    const added = await server.api(server.admin)('POST', '/realm/filters', {
      pattern: '#(?P<id>[0-9]+)',
      url_template: 'https://tracker.example.com/{id}',
    });
    const hearth = await signedInAs(server.me);
    const [channel] = server.channels;
    const id = await server.send(server.other, channel, 'fix #42', 'See the topic');
    await eventually(
      'the message is cached',
      () => hearth.app.active().cache.messagesAmong({ kind: 'all' }, [id]).length === 1,
    );
    const [cached] = hearth.app.active().cache.messagesAmong({ kind: 'all' }, [id]);
    expect(cached?.topic_links).toEqual([{ text: '#42', url: 'https://tracker.example.com/42' }]);
    await server.api(server.admin)('DELETE', `/realm/filters/${added.json.id as number}`);
  });

  it.each([
    ['no pattern', { urlTemplate: 'https://x.example.com/' }],
    ['a number for a pattern', { pattern: 7, urlTemplate: 'https://x.example.com/' }],
  ] as const)('refuses a linkifier with %s without asking the server', async (_case, args) => {
    const hearth = await signedInAs(server.admin);
    await expect(invokeBridgeCall(hearth.service, 'addLinkifier', args)).rejects.toBeInstanceOf(
      BridgeArgumentError,
    );
  });
});

// Zulip 12 takes any template (feature level 196); 7.0 only a prefix the code ends.
describe.each([oldZulip])('code playgrounds on a server that appends the code, $name', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await kind.start();
  });
  afterAll(() => server.close());

  it('refuses a template that does not end in {code}, asking the server nothing', async () => {
    const hearth = await apps.signedIn(server.url, server.admin);
    await expect(
      hearth.service.addPlayground({
        name: 'Go playground',
        pygmentsLanguage: 'Go',
        urlTemplate: 'https://go.example.com/{code}/run',
      }),
    ).rejects.toThrow('end the URL template with {code}');
    const state = await server.api(server.admin)('POST', '/register', {
      fetch_event_types: '["realm_playgrounds"]',
    });
    expect(state.json.realm_playgrounds).toEqual([]);
  });
});
