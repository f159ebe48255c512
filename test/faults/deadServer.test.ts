import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HearthApp } from '../../src-main/client/app/hearthApp';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import type { SessionTuning } from '../../src-main/client/runtime/accountRuntime';
import { eventually, joinWithKey, testApps, type TestHearth } from '../helpers/hearth';
import { startSilentProxy, type SilentProxy } from '../helpers/network/silentProxy';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openWindow } from '../helpers/rendererPage';

// Issue 55, point 4: one joined server stops answering without refusing (a
// link that carries nothing, a server asleep). The app says so within 35
// seconds, naming since when; the other account goes on sending and
// receiving meanwhile; and once the server answers again, the account
// comes back by itself within one back-off step, missing nothing and
// doubling nothing.

/** The long poll as the app waits it (150 s), the silence watch's own times, and a back-off this test can wait out. */
const tuning: SessionTuning = {
  pollTimeoutMs: 150_000,
  backoff: { initialMs: 1_000, maxMs: 8_000 },
};
const shownWithinMs = 35_000;

let office: Org;
let club: Org;
let proxy: SilentProxy;
let atOffice: TestUser;
let atClub: TestUser;
let clubFriend: TestUser;

beforeAll(async () => {
  office = await startOrg();
  club = await startOrg();
  proxy = await startSilentProxy(club.url);
  atOffice = await office.user('ada');
  atClub = await club.user('ada');
  clubFriend = await club.user('tal');
  await office.subscribe(atOffice, 'kitchen');
  for (const user of [atClub, clubFriend]) await club.subscribe(user, 'openings');
});

afterAll(async () => {
  await proxy?.close();
  await office?.close();
  await club?.close();
});

const apps = testApps(createMemorySecretStore());
afterEach(async () => {
  proxy.speak();
  await apps.stopAll();
});

interface AccountIds {
  office: string;
  club: string;
}

/** Both accounts, the club's shown, as the one whose server the test silences. */
const accountIds = (app: HearthApp): AccountIds => {
  const [office, club] = app.appState().accounts;
  if (!office || !club) throw new Error('the app has not both accounts');
  app.switchTo(club.id);
  return { office: office.id, club: club.id };
};
const connectionOf = (app: HearthApp, id: string) => {
  const account = app.appState().accounts.find((summary) => summary.id === id);
  if (!account) throw new Error(`no account ${id}`);
  return account.connection;
};

const bothConnected = (app: HearthApp, ids: AccountIds) =>
  eventually('both accounts are connected', () =>
    [ids.office, ids.club].every((id) => connectionOf(app, id).state === 'connected'),
  );

/** The account's connection once it says its server is not answering, within the 35 s. */
const shownNotAnswering = (app: HearthApp, id: string) =>
  eventually(
    'the account says its server is not answering',
    () => {
      const connection = connectionOf(app, id);
      return connection.state === 'offline' && connection.notAnswering && connection;
    },
    shownWithinMs,
  );

/** The next try after the server's return, a back-off step at most away, connects. */
const backWithinOneStep = (app: HearthApp, id: string) =>
  eventually(
    'the account is connected again',
    () => connectionOf(app, id).state === 'connected',
    (tuning.backoff?.maxMs ?? 0) + 2_000,
  );

/** The app with both accounts, the club's through the proxy, each connected. */
async function bothAccounts(profileDir?: string): Promise<TestHearth> {
  const hearth = await apps.start(profileDir, tuning);
  if (!profileDir) {
    await joinWithKey(hearth.app, office.url, atOffice);
    await joinWithKey(hearth.app, proxy.url, atClub);
  }
  return hearth;
}

/**
 * What the office account sends reaches its server and comes back as an
 * event, each in turn; the club's account is shown again after.
 */
async function officeKeepsTalking(app: HearthApp, ids: AccountIds, count: number): Promise<void> {
  app.switchTo(ids.office);
  const runtime = app.active();
  const kitchen = await streamId(office, atOffice, 'kitchen');
  for (let i = 0; i < count; i += 1) {
    const entry = runtime.send(
      { kind: 'stream', streamId: kitchen, topic: 'lunch' },
      `Lunch note ${i}`,
    );
    await eventually(`note ${i} is sent and echoed`, () =>
      runtime.outboxEntries().every((waiting) => waiting.localId !== entry.localId),
    );
  }
  app.switchTo(ids.club);
}

async function streamId(org: Org, user: TestUser, name: string): Promise<number> {
  return (await org.api(user)('GET', '/get_stream_id', { stream: name })).json.stream_id as number;
}

/** The IDs of what the club account (the one shown) caches of the channel, as its window would show offline. */
function cachedClubIds(app: HearthApp, channelId: number): number[] {
  return app
    .active()
    .cache.messagesInNarrow(
      { kind: 'stream', streamId: channelId },
      { anchor: 'newest', before: 100 },
    )
    .messages.map((message) => message.id);
}

const clubSays = async (content: string) =>
  (
    await club.api(clubFriend)('POST', '/messages', {
      type: 'stream',
      to: 'openings',
      topic: 'sicilian',
      content,
    })
  ).json.id as number;

describe('a joined server that stops answering', () => {
  it('is shown not answering within 35 s, holds up no other account, and comes back by itself with nothing missed', async () => {
    const hearth = await bothAccounts();
    const { app } = hearth;
    const ids = accountIds(app);
    await bothConnected(app, ids);
    const window = await openWindow(hearth, { keepProfile: true });
    const before = await clubSays('Sicilian: e4 c5');
    const openings = await streamId(club, clubFriend, 'openings');
    await eventually('the club message is cached', () =>
      cachedClubIds(app, openings).includes(before),
    );
    await window.page.getByRole('button', { name: /# openings/ }).click();
    await window.page.locator('.message', { hasText: 'Sicilian: e4 c5' }).waitFor();

    const fellSilent = Date.now();
    proxy.silence();
    const shown = await shownNotAnswering(app, ids.club);
    // Since its last answer, which came before the silence.
    expect(shown.offlineSince).toBeLessThanOrEqual(fellSilent);
    expect(proxy.held).toBeGreaterThan(0);
    expect(connectionOf(app, ids.office).state).toBe('connected');
    await window.page
      .getByRole('status')
      .filter({ hasText: /^Server not answering since \d{1,2}:\d{2}/ })
      .waitFor();
    await window.screenshot('server-not-answering');

    const missed = [await clubSays('then Nf3 d6'), await clubSays('then d4 cxd4')];
    await officeKeepsTalking(app, ids, 5);

    proxy.speak();
    await backWithinOneStep(app, ids.club);
    await eventually('the messages sent meanwhile are cached', () =>
      missed.every((id) => cachedClubIds(app, openings).includes(id)),
    );
    const cached = cachedClubIds(app, openings);
    expect(cached.filter((id) => [before, ...missed].includes(id))).toEqual([before, ...missed]);
    expect(new Set(cached).size).toBe(cached.length);
    expect(window.pageErrors).toEqual([]);
    await window.close();
  });

  it('is shown not answering when connecting to it hangs from the start, while the other account connects', async () => {
    const first = await bothAccounts();
    const ids = accountIds(first.app);
    await bothConnected(first.app, ids);
    await apps.stop(first);

    proxy.silence();
    const started = Date.now();
    const { app } = await bothAccounts(first.profileDir);
    const shown = await shownNotAnswering(app, ids.club);
    expect(shown.offlineSince).toBeGreaterThanOrEqual(started);
    expect(connectionOf(app, ids.office).state).toBe('connected');
    await officeKeepsTalking(app, ids, 3);

    const later = await clubSays('then Nxd4 Nf6');
    proxy.speak();
    await backWithinOneStep(app, ids.club);
    const openings = await streamId(club, clubFriend, 'openings');
    await eventually('what was sent meanwhile is cached', () =>
      cachedClubIds(app, openings).includes(later),
    );
  });
});
