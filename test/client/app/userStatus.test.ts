import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BridgeArgumentError } from '../../../src-main/client/bridge/bridgeService';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import { invokeBridgeCall } from '../../../src-preload/bridge';
import { eventually, testApps, type TestHearth } from '../../helpers/hearth';
import type { TestUser } from '../../helpers/org';
import { serverKinds, type TestServer } from '../../helpers/serverKinds';

// Issue 36, point 3: the reader's status and everyone else's, from Hearth's
// client, against a Hearth host and a Zulip server alike. Statuses follow
// the server's user_status events into the snapshot (beside each name, and
// the reader's own), survive a restart offline, and a change is refused
// offline rather than queued.

const apps = testApps(createMemorySecretStore());
afterEach(() => apps.stopAll());

const calendar = { name: 'calendar', code: '1f4c6', type: 'unicode_emoji' } as const;

describe.each(serverKinds)('user status, on $name', (kind) => {
  let server: TestServer;
  let me: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    server = await kind.start();
    ({ me, other } = server);
  });
  afterAll(() => server.close());

  const signedIn = () => apps.signedIn(server.url, me);

  const snapshot = (hearth: TestHearth) => hearth.app.active().snapshot();
  const personIn = (hearth: TestHearth, user: TestUser) =>
    snapshot(hearth).users.find((person) => person.userId === user.id);
  const serverStatuses = async () =>
    (await server.api(other)('POST', '/register', { fetch_event_types: '["user_status"]' })).json
      .user_status as Record<string, unknown>;

  it('sets the reader’s text and emoji on the server, and shows them once the event comes back', async () => {
    const hearth = await signedIn();
    expect(snapshot(hearth).user.status).toBeUndefined();

    await hearth.service.setStatus({ text: '  In a meeting ', emoji: calendar });
    expect((await serverStatuses())[me.id]).toEqual({
      status_text: 'In a meeting',
      emoji_name: 'calendar',
      emoji_code: '1f4c6',
      reaction_type: 'unicode_emoji',
    });
    await eventually(
      'the snapshot shows the status',
      () => snapshot(hearth).user.status !== undefined,
    );
    expect(snapshot(hearth).user.status).toEqual({
      text: 'In a meeting',
      emoji: { ...calendar, glyph: '📆', imageUrl: null },
    });

    await hearth.service.setStatus({ text: '', emoji: null });
    expect(await serverStatuses()).not.toHaveProperty(String(me.id));
    await eventually('the status is gone', () => snapshot(hearth).user.status === undefined);
  });

  it('shows the status another sets beside their name, and keeps it across a restart offline', async () => {
    const first = await signedIn();
    await server.api(other)('POST', '/users/me/status', {
      status_text: 'Vacationing',
      emoji_name: 'palm_tree',
      emoji_code: '1f334',
      reaction_type: 'unicode_emoji',
    });
    await eventually('their status arrives', () => personIn(first, other)?.status !== undefined);
    expect(personIn(first, other)?.status).toEqual({
      text: 'Vacationing',
      emoji: {
        name: 'palm_tree',
        code: '1f334',
        type: 'unicode_emoji',
        glyph: '🌴',
        imageUrl: null,
      },
    });
    await apps.stop(first);

    apps.link.offline = true;
    const second = await apps.start(first.profileDir);
    await eventually(
      'the restarted app is offline',
      () => second.app.active().connection.state === 'offline',
    );
    expect(personIn(second, other)?.status?.text).toBe('Vacationing');
    await expect(second.service.setStatus({ text: 'Commuting', emoji: null })).rejects.toThrow(
      'Hearth is offline, so your status was not changed.',
    );
    apps.link.offline = false;
    await server.api(other)('POST', '/users/me/status', { status_text: '', emoji_name: '' });
  });

  it('says it is offline, not what the network said, when the server is lost before the app notices', async () => {
    const hearth = await signedIn();
    apps.link.offline = true;
    try {
      // The connection still reads as up: the call itself meets the lost link.
      expect(hearth.app.active().connection.state).not.toBe('offline');
      await expect(hearth.service.setStatus({ text: 'Commuting', emoji: null })).rejects.toThrow(
        /^Hearth is offline, so your status was not changed\./,
      );
    } finally {
      apps.link.offline = false;
    }
  });

  it('makes the reader unavailable and available again; others see who is away', async () => {
    const hearth = await signedIn();
    await hearth.service.setAway({ away: true });
    await eventually('the reader is away', () => snapshot(hearth).user.away === true);
    expect((await serverStatuses())[me.id]).toMatchObject({ away: true });
    await hearth.service.setAway({ away: false });
    await eventually('the reader is back', () => snapshot(hearth).user.away === undefined);

    await server.api(other)('POST', '/users/me/status', { away: true });
    await eventually('the other is away', () => personIn(hearth, other)?.away === true);
    await server.api(other)('POST', '/users/me/status', { away: false });
    await eventually('the other is back', () => personIn(hearth, other)?.away === undefined);
  });

  it('refuses a text over 60 characters before it reaches the server', async () => {
    const hearth = await signedIn();
    await expect(
      invokeBridgeCall(hearth.service, 'setStatus', { text: 'x'.repeat(61), emoji: null }),
    ).rejects.toThrow(BridgeArgumentError);
    await hearth.service.setStatus({ text: '🌴'.repeat(60), emoji: null });
    await eventually(
      'sixty emoji are sixty characters',
      () => snapshot(hearth).user.status?.text === '🌴'.repeat(60),
    );
    await hearth.service.setStatus({ text: '', emoji: null });
  });
});
