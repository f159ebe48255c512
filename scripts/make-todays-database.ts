// Writes test/fixtures/todays-database/: a Hearth data folder holding every
// kind of data today's host stores, written by today's code through its HTTP
// API alone. Issue 52 moves the host from Zulip 7.0 to Zulip 12, which changes
// the schema; its point 5 asks that a database written by the version before
// that move migrates in place without loss, and this is that database.
//
// The committed fixture is what counts: rerunning this with later code would
// write a later schema and test nothing. To rerun it on the commit its README
// names (a folder that does not exist yet):
//
//   node --import tsx scripts/make-todays-database.ts --out test/fixtures/todays-database
//
// The host runs on a clock moved by hand, so timestamps, IDs and the event
// queue's ID are the same at every run; API keys, invitation keys and upload
// paths are random, which is why fixture.json records the accounts.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { databaseFileOf } from '../src-main/server/export/exportFolder';
import { migrations } from '../src-main/server/store/migrations';
import { ManualClock } from '../test/helpers/manualClock';
import { startOrg, testPassword } from '../test/helpers/org';
import { solidPng } from '../test/helpers/uploads';
import { seedBots } from './todaysDatabase/bots';
import {
  archiveOldProjects,
  seedChannels,
  seedSubscriptionProperties,
} from './todaysDatabase/channels';
import { seedEventQueue } from './todaysDatabase/eventQueue';
import { fixtureReadme } from './todaysDatabase/fixtureReadme';
import { account, tableRowCounts, type FixtureRecord } from './todaysDatabase/fixtureRecord';
import { seedChannelMessages, seedDirectMessages } from './todaysDatabase/messages';
import {
  seedProfileFields,
  seedRealmExtras,
  seedRealmSettings,
  seedUserGroups,
} from './todaysDatabase/organization';
import { deactivateDora, Role, seedInvitations, seedPeople } from './todaysDatabase/people';
import {
  seedAlertWords,
  seedDrafts,
  seedPresenceAndMutes,
  seedUserSettings,
} from './todaysDatabase/personal';
import { seedFlags, seedReactions } from './todaysDatabase/reactionsAndFlags';
import { letScheduledTimesPass, seedScheduledMessages } from './todaysDatabase/scheduled';
import { Seeding } from './todaysDatabase/seeding';

const { values } = parseArgs({
  options: { out: { type: 'string', default: join('test', 'fixtures', 'todays-database') } },
});
const out = values.out;
if (existsSync(out))
  throw new Error(`${out} exists; the fixture is written once, into a new folder`);

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
// The README names the commit that wrote the fixture, which must then be all of the app's code.
const changed = git('diff', '--name-only', 'HEAD', '--', 'src-main');
const added = git('ls-files', '--others', '--exclude-standard', '--', 'src-main');
if (changed !== '' || added !== '') {
  throw new Error(
    `src-main/ differs from the commit, the fixture must come from one:\n${changed}\n${added}`,
  );
}
const commit = git('rev-parse', 'HEAD');

// 2026-11-20 09:00 UTC. Every timestamp the host writes comes from Date.now.
const startedAtMs = Date.UTC(2026, 10, 20, 9, 0, 0);
const clock = new ManualClock(startedAtMs);
Date.now = () => clock.now();

const org = await startOrg({
  organization: {
    realmName: 'Lamplighters',
    ownerEmail: 'olive@hearth.test',
    ownerFullName: 'Olive',
    ownerPassword: testPassword,
  },
  clock,
  // The queue must outlive the hours the clock is moved through.
  queueTimeouts: { idleMs: 365 * 24 * 60 * 60_000 },
  // Lets the outgoing webhook bot name its server without a DNS lookup.
  outgoingWebhooks: { allowPrivateAddresses: true },
});
try {
  const seeding = new Seeding(org, clock);
  const people = await seedPeople(seeding);
  const channels = await seedChannels(seeding, people);
  await seedRealmExtras(seeding, people);
  await seedProfileFields(seeding, people);
  await seedUserGroups(seeding, people);
  const bots = await seedBots(seeding, people);
  await seedAlertWords(seeding, people);
  const sketch = solidPng(12, [220, 40, 30]);
  const sent = {
    ...(await seedChannelMessages(seeding, people, bots, channels, sketch)),
    ...(await seedDirectMessages(seeding, people)),
  };
  await seedReactions(seeding, people, sent);
  await seedFlags(seeding, people, channels, sent);
  await seedSubscriptionProperties(seeding, people, channels);
  await seedPresenceAndMutes(seeding, people, channels);
  await seedDrafts(seeding, people, channels);
  await seedScheduledMessages(seeding, people, channels);
  await archiveOldProjects(seeding, people, channels);
  letScheduledTimesPass(seeding);
  await deactivateDora(seeding, people);
  await seedUserSettings(seeding, people);
  await seedRealmSettings(seeding, people, channels);
  const nina = await seedInvitations(seeding, people, channels.design, testPassword);
  const eventQueue = await seedEventQueue(seeding, people);
  await org.stop();

  const database = databaseFileOf(org.dataDir);
  const tables = tableRowCounts(database);
  for (const leftover of ['-wal', '-shm']) {
    if (existsSync(`${database}${leftover}`)) throw new Error(`the host left ${leftover} behind`);
  }
  const { olive, adam, mona, alice, bob, gus, dora } = people;
  const record: FixtureRecord = {
    schemaVersion: migrations.length,
    commit,
    startedAt: startedAtMs / 1000,
    password: testPassword,
    people: {
      olive: account(olive, Role.owner),
      adam: account(adam, Role.admin),
      mona: account(mona, Role.moderator),
      alice: account(alice, Role.member),
      bob: account(bob, Role.member),
      gus: account(gus, Role.guest),
      dora: account(dora, Role.member, false),
      nina: account(nina, Role.member),
    },
    bots: {
      build: account(bots.build, Role.member),
      alerts: account(bots.alerts, Role.member),
      triage: account(bots.triage, Role.member),
      old: account(bots.old, Role.member, false),
    },
    triageToken: bots.triageToken,
    eventQueue,
  };
  await mkdir(out, { recursive: true });
  await copyFile(database, join(out, 'hearth.sqlite3'));
  const formatted = async (file: string, text: string) =>
    format(text, { ...(await resolveConfig(file)), filepath: file });
  const writeFormatted = async (name: string, text: string) => {
    const file = join(out, name);
    await writeFile(file, await formatted(file, text));
  };
  await writeFormatted('fixture.json', JSON.stringify(record, null, 2));
  await writeFormatted('README.md', fixtureReadme(record, tables));
  console.log(`wrote ${out} (schema version ${record.schemaVersion}, commit ${commit})`);
} finally {
  await org.close();
}
