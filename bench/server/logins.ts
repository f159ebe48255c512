// Issue 37, point 4: a password login costs the same hash whether or not the
// user exists, and the hashes run off the host's event loop. Issue 51: the
// same whether or not the user's hash is still in the old format.
import Database from 'better-sqlite3';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ChildServer, startChildServer } from './childServer';
import { credentialsOf, type Credentials } from './credentials';
import { isOldFormat, storedHashOf, writeOldFormatHash } from './oldHashes';
import { DATABASE_FILE } from './generateOrg';
import { HttpConnection, type HttpRequest, type HttpResponse } from './httpConnection';
import { gapOf, stallOf } from './loopStallLine';
import { summarize, type LatencySummary } from './percentiles';
import { log, ms, type Row } from './report';
import { describeAnswer, requireAccepted, requireAll, ShortWorkload } from './workload';
import { HOST_NODE_FLAGS } from '../../src-main/desktop/hostHeap';

/** Logins of each kind timed, one at a time, the two kinds alternating. */
const TIMED_LOGINS = 20;
/** Logins sent at once while the stall probe watches the host. */
export const CONCURRENT_LOGINS = 20;

const PASSWORD = 'the bench knows this password';
const WRONG_PASSWORD = 'not the password at all';

// The targets, printed beside each figure and never asserted.
const targets = { timingRatio: 1.2, oldHashShare: 0.1, stallMs: 50 };

export interface LoginFigures {
  knownWrong: LatencySummary;
  unknown: LatencySummary;
  /** A wrong password against an old-format (N = 2^14) hash and against a current one. */
  oldWrong: { old: LatencySummary; current: LatencySummary };
  /** The host's longest event-loop stall, with the logins and without them. */
  stall: { logins: number; idle: number };
  /** GET /users/me served meanwhile: the slowest answer, with the logins and without. */
  slowestProfile: { logins: number; idle: number };
}

interface LoginHost {
  url: string;
  dataDir: string;
  owner: Credentials;
  /** A user whose hash is at the host's current cost. */
  user: string;
  /** A user whose hash is still in the format Hearth wrote before it stored the cost. */
  oldUser: string;
  server: ChildServer;
}

const login = (username: string, password: string): HttpRequest => ({
  method: 'POST',
  path: '/api/v1/fetch_api_key',
  body: new URLSearchParams({ username, password }).toString(),
});

async function timed(connection: HttpConnection, request: HttpRequest) {
  const sent = performance.now();
  const response = await connection.request(request);
  return { response, milliseconds: performance.now() - sent };
}

function requireRefusal(figure: string, response: HttpResponse): void {
  if (response.status === 401 && response.body.includes('"AUTHENTICATION_FAILED"')) return;
  throw new ShortWorkload(
    figure,
    `a login was not refused as a wrong one: ${describeAnswer(response)}`,
  );
}

// SIGUSR2 asks the probe (loopStallProbe.ts) in the host; its answer comes
// on stderr, among the child's last lines: the longest stall, then where the
// longest gap between its ticks went, which the bench logs.
async function askStall(server: ChildServer, ask: number, what: string): Promise<number> {
  process.kill(server.pid, 'SIGUSR2');
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline) {
    const lines = server.recentErrors();
    const stall = lines.map((line) => stallOf(line, ask)).find((found) => found !== undefined);
    const gap = lines.map((line) => gapOf(line, ask)).find((found) => found !== undefined);
    if (stall !== undefined && gap !== undefined) {
      log(`host's event loop ${what}: ${gap}`);
      return stall;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the host's stall probe did not answer ask ${ask}`);
}

/** The owner, from the database, creates the users whose logins are timed, with a password. */
async function prepare(server: ChildServer, dataDir: string): Promise<LoginHost> {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  let owner: Credentials;
  try {
    const ownerId = db.prepare('SELECT id FROM users WHERE role = 100 ORDER BY id').pluck().get();
    [owner] = credentialsOf(db, [Number(ownerId)]) as [Credentials];
  } finally {
    db.close();
  }
  const user = 'login-bench@hearth.local';
  const oldUser = 'login-bench-old@hearth.local';
  const connection = await HttpConnection.open(server.url, owner.authorization);
  for (const [email, fullName] of [
    [user, 'Login Bench'],
    [oldUser, 'Login Bench Old'],
  ] as const) {
    const created = await connection.request({
      method: 'POST',
      path: '/api/v1/users',
      body: new URLSearchParams({ email, full_name: fullName, password: PASSWORD }).toString(),
    });
    requireAccepted('logins', 'POST /users', created);
  }
  connection.close();
  writeOldFormatHash(dataDir, oldUser, PASSWORD);
  return { url: server.url, dataDir, owner, user, oldUser, server };
}

/**
 * Two kinds of refused login, one at a time, alternating, each kind first in
 * every other pair: a figure and its ceiling share whatever else the machine
 * was doing. One of each first, unrecorded: the host's first login compiles
 * its code.
 */
async function timeAlternating(
  host: LoginHost,
  figure: string,
  usernames: (round: number) => [string, string],
): Promise<[LatencySummary, LatencySummary]> {
  const connection = await HttpConnection.open(host.url);
  const times: [number[], number[]] = [[], []];
  const refused = async (username: string) => {
    const { response, milliseconds } = await timed(connection, login(username, WRONG_PASSWORD));
    requireRefusal(figure, response);
    return milliseconds;
  };
  for (let n = -1; n < TIMED_LOGINS; n++) {
    const [first, second] = usernames(n + 1);
    let a: number;
    let b: number;
    if (n % 2 === 0) {
      a = await refused(first);
      b = await refused(second);
    } else {
      b = await refused(second);
      a = await refused(first);
    }
    if (n < 0) continue;
    times[0].push(a);
    times[1].push(b);
  }
  connection.close();
  requireAll(
    figure,
    'timed logins of each kind',
    Math.min(times[0].length, times[1].length),
    TIMED_LOGINS,
  );
  return [summarize(times[0]), summarize(times[1])];
}

/** Known user with a wrong password and unknown user. */
async function timeRefusals(
  host: LoginHost,
): Promise<Pick<LoginFigures, 'knownWrong' | 'unknown'>> {
  const [knownWrong, unknown] = await timeAlternating(
    host,
    'login, known user with a wrong password and unknown user',
    (round) => [host.user, `nobody${round}@hearth.local`],
  );
  return { knownWrong, unknown };
}

/**
 * A wrong password against the user whose hash is still in the old format
 * and against the user with a current one; the old hash must still be there
 * afterwards, or the figure timed something else.
 */
async function timeOldRefusals(host: LoginHost): Promise<LoginFigures['oldWrong']> {
  const figure = 'login, wrong password, old-format hash and current hash';
  const [old, current] = await timeAlternating(host, figure, () => [host.oldUser, host.user]);
  if (!isOldFormat(storedHashOf(host.dataDir, host.oldUser))) {
    throw new ShortWorkload(figure, `${host.oldUser}'s hash is no longer in the old format`);
  }
  return { old, current };
}

/**
 * GET /users/me, one after another, until `until` settles: the slowest
 * answer, and how many there were.
 */
async function profilesUntil(host: LoginHost, until: Promise<unknown>) {
  const figure = 'GET /users/me while logins run';
  const connection = await HttpConnection.open(host.url, host.owner.authorization);
  let done = false;
  const stop = () => {
    done = true;
  };
  until.then(stop, stop);
  let slowest = 0;
  let answered = 0;
  while (!done) {
    const { response, milliseconds } = await timed(connection, {
      method: 'GET',
      path: '/api/v1/users/me',
    });
    requireAccepted(figure, 'GET /users/me', response);
    slowest = Math.max(slowest, milliseconds);
    answered += 1;
  }
  connection.close();
  return { slowest, answered };
}

/** The host's longest stall while logins run at once and profiles are read; then the same time without logins. */
async function measureStalls(
  host: LoginHost,
): Promise<Pick<LoginFigures, 'stall' | 'slowestProfile'>> {
  const figure = `${CONCURRENT_LOGINS} logins at once`;
  const connections = await Promise.all(
    Array.from({ length: CONCURRENT_LOGINS }, () => HttpConnection.open(host.url)),
  );
  await askStall(host.server, 1, 'before the logins');
  const started = performance.now();
  const logins = Promise.all(
    connections.map((connection) => connection.request(login(host.user, PASSWORD))),
  );
  const during = await profilesUntil(host, logins);
  const answers = await logins;
  const seconds = (performance.now() - started) / 1000;
  const stallDuring = await askStall(host.server, 2, `while ${CONCURRENT_LOGINS} logins ran`);
  for (const connection of connections) connection.close();
  const accepted = answers.filter((answer) => answer.status === 200).length;
  requireAll(figure, 'logins accepted', accepted, CONCURRENT_LOGINS);

  const idle = await profilesUntil(
    host,
    new Promise((resolve) => setTimeout(resolve, seconds * 1000)),
  );
  const stallIdle = await askStall(host.server, 3, 'without logins');
  if (during.answered === 0 || idle.answered === 0) {
    throw new ShortWorkload(figure, 'no GET /users/me was answered to time');
  }
  return {
    stall: { logins: stallDuring, idle: stallIdle },
    slowestProfile: { logins: during.slowest, idle: idle.slowest },
  };
}

/** Starts a host of its own (a new organization, OWASP's cost) with the stall probe loaded, and measures. */
export async function measureLogins(plan: {
  hostScript: string;
  probeScript: string;
  workDir: string;
  start: (...args: Parameters<typeof startChildServer>) => Promise<ChildServer>;
}): Promise<LoginFigures> {
  const dataDir = join(plan.workDir, 'logins');
  await mkdir(dataDir);
  const server = await plan.start(
    plan.hostScript,
    ['--data-dir', dataDir, '--port', '0', '--no-rate-limits', '--keep-backups', '0'],
    [...HOST_NODE_FLAGS, '--import', pathToFileURL(plan.probeScript).href],
  );
  const host = await prepare(server, dataDir);
  const refusals = await timeRefusals(host);
  const oldWrong = await timeOldRefusals(host);
  const stalls = await measureStalls(host);
  await server.stop();
  return { ...refusals, oldWrong, ...stalls };
}

export function loginRows(figures: LoginFigures): Row[] {
  const { knownWrong, unknown, oldWrong, stall, slowestProfile } = figures;
  const ratio = knownWrong.p50 / unknown.p50;
  const oldRatio = oldWrong.old.p50 / oldWrong.current.p50;
  const during = `while ${CONCURRENT_LOGINS} logins run`;
  return [
    {
      figure: `login, known user, wrong password, p50 of ${knownWrong.count}`,
      value: ms(knownWrong.p50),
      ceiling: `unknown user ${ms(unknown.p50)}`,
      ratio,
      target: `within ${targets.timingRatio}x`,
      met: ratio <= targets.timingRatio && ratio >= 1 / targets.timingRatio,
    },
    {
      figure: `login, unknown user, p50 of ${unknown.count}`,
      value: ms(unknown.p50),
    },
    {
      figure: `login, old-format hash (N = 2^14), wrong password, p50 of ${oldWrong.old.count}`,
      value: ms(oldWrong.old.p50),
      ceiling: `hash at N = 2^17 ${ms(oldWrong.current.p50)}`,
      ratio: oldRatio,
      target: `within ${targets.oldHashShare * 100}%`,
      met: Math.abs(oldRatio - 1) <= targets.oldHashShare,
    },
    {
      figure: `longest event-loop stall of the host ${during}`,
      value: ms(stall.logins),
      ceiling: `no logins, as long ${ms(stall.idle)}`,
      ratio: stall.logins / stall.idle,
      target: `<= ${targets.stallMs} ms`,
      met: stall.logins <= targets.stallMs,
    },
    {
      figure: `slowest GET /users/me ${during}`,
      value: ms(slowestProfile.logins),
      ceiling: `no logins ${ms(slowestProfile.idle)}`,
      ratio: slowestProfile.logins / slowestProfile.idle,
    },
  ];
}
