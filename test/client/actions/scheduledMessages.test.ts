import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import { eventually, testApps, type TestHearth } from '../../helpers/hearth';
import type { TestUser } from '../../helpers/org';
import { serverKinds, type TestServer } from '../../helpers/serverKinds';

// Issue 36, point 1: the reader's scheduled messages from Hearth's client,
// against a Hearth host and a Zulip server alike. The list follows the
// server's scheduled_messages events into the snapshot, reads offline after
// a restart, and every change is the server's (refused offline, since only
// the server sends them). "Send now" moves the time to a moment from now,
// and the server sends it once.

const apps = testApps(createMemorySecretStore());
afterEach(() => apps.stopAll());

const inHours = (hours: number) => Math.floor(Date.now() / 1000) + hours * 3600;

describe.each(serverKinds)('scheduled messages, on $name', (kind) => {
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
  const listed = (hearth: TestHearth) => snapshot(hearth).scheduledMessages;
  const onServer = async () =>
    (await server.api(me)('GET', '/scheduled_messages')).json.scheduled_messages as {
      scheduled_message_id: number;
      content: string;
      scheduled_delivery_timestamp: number;
    }[];

  it('schedules to a channel and to a person, lists them soonest first by name, and edits one', async () => {
    const hearth = await signedIn();
    const [denmark] = server.channels;
    const [sooner, later, edited] = [inHours(20), inHours(48), inHours(72)];
    await hearth.service.scheduleMessage({
      to: { kind: 'stream', streamId: denmark.id, topic: 'plans' },
      content: 'Standup moved',
      at: later,
    });
    await hearth.service.scheduleMessage({
      to: { kind: 'private', userIds: [other.id] },
      content: '**Lunch** tomorrow?',
      at: sooner,
    });
    await eventually('both are listed', () => listed(hearth).length === 2);
    expect(listed(hearth)).toEqual([
      {
        id: expect.any(Number),
        to: { kind: 'private', userIds: [other.id], names: [other.fullName] },
        content: '**Lunch** tomorrow?',
        html: '<p><strong>Lunch</strong> tomorrow?</p>',
        at: sooner,
        failed: false,
      },
      {
        id: expect.any(Number),
        to: { kind: 'stream', streamId: denmark.id, stream: denmark.name, topic: 'plans' },
        content: 'Standup moved',
        html: '<p>Standup moved</p>',
        at: later,
        failed: false,
      },
    ]);

    const lunch = listed(hearth)[0]?.id ?? 0;
    await hearth.service.editScheduledMessage({ id: lunch, content: 'Lunch at noon?', at: edited });
    await eventually('the edit is listed', () => listed(hearth)[1]?.content === 'Lunch at noon?');
    expect((await onServer()).map((message) => message.content)).toEqual([
      'Standup moved',
      'Lunch at noon?',
    ]);

    for (const { id } of listed(hearth)) await hearth.service.cancelScheduledMessage({ id });
    await eventually('none are left', () => listed(hearth).length === 0);
    expect(await onServer()).toEqual([]);
  });

  it('keeps the list across a restart offline, and refuses changes until connected', async () => {
    const first = await signedIn();
    await server.api(me)('POST', '/scheduled_messages', {
      type: 'direct',
      to: JSON.stringify([other.id]),
      content: 'Written on another device',
      scheduled_delivery_timestamp: inHours(5),
    });
    await eventually('it arrives by event', () => listed(first).length === 1);
    await apps.stop(first);

    apps.link.offline = true;
    const second = await apps.start(first.profileDir);
    await eventually(
      'the restarted app is offline',
      () => second.app.active().connection.state === 'offline',
    );
    expect(listed(second).map((message) => message.content)).toEqual(['Written on another device']);
    const id = listed(second)[0]?.id ?? 0;
    await expect(second.service.cancelScheduledMessage({ id })).rejects.toThrow(
      'Hearth is offline, so the message was not cancelled',
    );
    apps.link.offline = false;
    await server.api(me)('DELETE', `/scheduled_messages/${id}`);
  });

  it('sends one now through the server, once', async () => {
    const hearth = await signedIn();
    const [, scotland] = server.channels;
    await hearth.service.scheduleMessage({
      to: { kind: 'stream', streamId: scotland.id, topic: 'now' },
      content: 'Sent when asked',
      at: inHours(24),
    });
    await eventually('it is listed', () => listed(hearth).length === 1);
    await hearth.service.sendScheduledNow({ id: listed(hearth)[0]?.id ?? 0 });
    await eventually('it leaves the list once sent', () => listed(hearth).length === 0, 15_000);
    const sent = await server.api(other)('GET', '/messages', {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: JSON.stringify([
        { operator: 'stream', operand: scotland.name },
        { operator: 'topic', operand: 'now' },
      ]),
    });
    expect(sent.json.messages.map((message: { content: string }) => message.content)).toEqual([
      '<p>Sent when asked</p>',
    ]);
    expect(await onServer()).toEqual([]);
  });

  it('keeps the time zone picked in Settings on the server, where the presets read it', async () => {
    const hearth = await signedIn();
    await hearth.service.changeDisplaySettings({ patch: { timezone: 'Asia/Tokyo' } });
    await eventually(
      'the zone is the snapshot’s',
      () => snapshot(hearth).timezone === 'Asia/Tokyo',
    );
    const registered = await server.api(me)('POST', '/register', {});
    expect(registered.json.user_settings.timezone).toBe('Asia/Tokyo');
  });
});
