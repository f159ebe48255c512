import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import type { Destination } from '../../../src-preload/bridge';
import {
  connected,
  eventually,
  joinWithKey,
  testApps,
  type TestHearth,
} from '../../helpers/hearth';
import { serverKinds, type TestServer } from '../../helpers/serverKinds';

// Issue 36, point 7: drafts kept by the server, from Hearth's client, against
// a Hearth host and a Zulip server alike. Drafts written on one device appear
// on another; drafts written offline merge without loss: the same draft
// edited on two devices keeps the later edit and keeps the other as a draft
// of its own.

const secrets = createMemorySecretStore();
// Two computers, each behind a cable of its own.
const laptops = testApps(secrets);
const phones = testApps(secrets);
afterEach(async () => {
  await laptops.stopAll();
  await phones.stopAll();
});

// The server keeps a draft's time in whole seconds: edits a second apart are
// told apart by it.
const aSecondLater = () => new Promise((resolve) => setTimeout(resolve, 1100));

describe.each(serverKinds)('drafts kept by the server, on $name', (kind) => {
  let server: TestServer;
  let to: Extract<Destination, { kind: 'stream' }>;

  beforeAll(async () => {
    // Heartbeats end each poll quickly, so a pulled cable shows at once.
    server = await kind.start({ heartbeatMs: 200 });
    to = { kind: 'stream', streamId: server.channels[0].id, topic: 'plans' };
  });
  afterAll(() => server.close());
  afterEach(async () => {
    for (const draft of await serverDrafts()) {
      await server.api(server.me)('DELETE', `/drafts/${draft.id}`);
    }
  });

  const serverDrafts = async () =>
    (await server.api(server.me)('GET', '/drafts')).json.drafts as {
      id: number;
      content: string;
    }[];
  const device = async (apps: typeof laptops): Promise<TestHearth> => {
    const hearth = await apps.start();
    await joinWithKey(hearth.app, server.url, server.me);
    await connected(hearth.app);
    return hearth;
  };
  const unplug = async (hearth: TestHearth) => {
    laptops.link.offline = true;
    await eventually('the laptop is offline', () => {
      return hearth.app.active().connection.state === 'offline';
    });
  };
  const texts = async (hearth: TestHearth) =>
    (await hearth.service.listDrafts({})).drafts.map((draft) => draft.content);
  const shows = async (hearth: TestHearth, wanted: string[]) => {
    const now = () => texts(hearth).then((read) => JSON.stringify(read));
    await eventually(`the drafts read ${wanted.join(' | ')}`, async () => {
      return (await now()) === JSON.stringify(wanted);
    }).catch(async (error: unknown) => {
      throw new Error(`${String(error)}; they read ${await now()}`);
    });
  };
  const serverHolds = (wanted: string[]) =>
    eventually(`the server holds ${wanted.join(' | ')}`, async () => {
      const now = (await serverDrafts()).map((draft) => draft.content).sort();
      return JSON.stringify(now) === JSON.stringify([...wanted].sort());
    });

  it('shows a draft written on one device on the other, with its edits, until it is deleted', async () => {
    const laptop = await device(laptops);
    const phone = await device(phones);

    await laptop.service.saveDraft({ to, content: 'Shall we meet on Friday?' });
    await serverHolds(['Shall we meet on Friday?']);
    await shows(phone, ['Shall we meet on Friday?']);
    const [onPhone] = (await phone.service.listDrafts({})).drafts;
    expect(onPhone).toMatchObject({
      to: { kind: 'stream', streamId: server.channels[0].id, topic: 'plans' },
      narrow: { kind: 'stream', streamId: server.channels[0].id, topic: 'plans' },
    });

    await laptop.service.saveDraft({ to, content: 'Shall we meet on Saturday?' });
    await shows(phone, ['Shall we meet on Saturday?']);

    await phone.service.deleteDraft({ id: onPhone?.id ?? 0 });
    await shows(laptop, []);
    await serverHolds([]);
  });

  it('sends what was written offline when the link is back, and keeps it across a restart meanwhile', async () => {
    const laptop = await device(laptops);
    laptops.link.offline = true;
    await laptop.service.saveDraft({ to, content: 'Written on the train' });
    await laptops.stop(laptop);
    const restarted = await laptops.start(laptop.profileDir);
    expect(await texts(restarted)).toEqual(['Written on the train']);
    expect(await serverDrafts()).toEqual([]);

    laptops.link.offline = false;
    await connected(restarted.app);
    await serverHolds(['Written on the train']);
    const phone = await device(phones);
    await shows(phone, ['Written on the train']);
  });

  // Both devices hold one synchronized draft; the laptop's cable is then pulled.
  const sharedDraftOffline = async () => {
    const laptop = await device(laptops);
    const phone = await device(phones);
    await laptop.service.saveDraft({ to, content: 'First version' });
    await shows(phone, ['First version']);
    const [shared] = await serverDrafts();
    await unplug(laptop);
    return { laptop, phone, sharedId: shared?.id };
  };

  // The laptop's cable back: both edits are kept, the later as the draft the server knew.
  const reconnected = async (
    { laptop, phone, sharedId }: Awaited<ReturnType<typeof sharedDraftOffline>>,
    later: string,
    earlier: string,
  ) => {
    laptops.link.offline = false;
    await connected(laptop.app);
    await serverHolds([later, earlier]);
    const kept = await serverDrafts();
    expect(kept.find((draft) => draft.id === sharedId)?.content).toBe(later);
    await shows(laptop, [later, earlier]);
    await shows(phone, [later, earlier]);
  };

  it('keeps both edits of a draft changed on two devices, the later one as the draft itself', async () => {
    const devices = await sharedDraftOffline();
    await devices.laptop.service.saveDraft({ to, content: 'Edited offline on the laptop' });
    await aSecondLater();
    await devices.phone.service.saveDraft({ to, content: 'Edited later on the phone' });
    await serverHolds(['Edited later on the phone']);
    await reconnected(devices, 'Edited later on the phone', 'Edited offline on the laptop');
  });

  it('keeps the later edit when it was the one made offline', async () => {
    const devices = await sharedDraftOffline();
    await devices.phone.service.saveDraft({ to, content: 'Edited on the phone' });
    await serverHolds(['Edited on the phone']);
    await aSecondLater();
    await devices.laptop.service.saveDraft({ to, content: 'Edited later, offline on the laptop' });
    await reconnected(devices, 'Edited later, offline on the laptop', 'Edited on the phone');
  });

  it('keeps here alone a draft the server refuses, and sends the others', async () => {
    const laptop = await device(laptops);
    laptops.link.offline = true;
    const gone = { kind: 'stream' as const, streamId: 999_999, topic: 'nowhere' };
    await laptop.service.saveDraft({ to: gone, content: 'To a channel that is gone' });
    await laptop.service.saveDraft({ to, content: 'To a channel that is there' });
    laptops.link.offline = false;
    await serverHolds(['To a channel that is there']);
    expect(await texts(laptop)).toEqual([
      'To a channel that is there',
      'To a channel that is gone',
    ]);

    // The refused one is not offered again, and does not hold back what follows.
    await laptop.service.saveDraft({ to: { ...to, topic: 'later' }, content: 'Written later' });
    await serverHolds(['To a channel that is there', 'Written later']);
  });

  it('keeps its drafts when synchronization is turned off, and sends them again when it is turned back on', async () => {
    const laptop = await device(laptops);
    await laptop.service.saveDraft({ to, content: 'Mine alone for now' });
    await serverHolds(['Mine alone for now']);

    await laptop.service.setDraftSynchronization({ enabled: false });
    await eventually(
      'the setting arrives',
      () => laptop.app.active().snapshot().syncDrafts === false,
    );
    expect(await texts(laptop)).toEqual(['Mine alone for now']);
    expect((await server.api(server.me)('GET', '/drafts')).json.msg).toBe(
      'User has disabled synchronizing drafts.',
    );
    await laptop.service.saveDraft({ to: { ...to, topic: 'other' }, content: 'Written while off' });

    await laptop.service.setDraftSynchronization({ enabled: true });
    await serverHolds(['Mine alone for now', 'Written while off']);
  });
});
