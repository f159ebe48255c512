// Issue 37, point 4: a password login costs the same hash whether or not the
// user exists, and the hashes run off the host's event loop.
import Database from 'better-sqlite3';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ChildServer, startChildServer } from './childServer';
import { credentialsOf, type Credentials } from './credentials';
import { DATABASE_FILE } from './generateOrg';
import { HttpConnection, type HttpRequest, type HttpResponse } from './httpConnection';
import { stallOf } from './loopStallLine';
import { summarize, type LatencySummary } from './percentiles';
import { ms, type Row } from './report';
import { describeAnswer, requireAccepted, requireAll, ShortWorkload } from './workload';

/** Logins of each kind timed, one at a time, the two kinds alternating. */
const TIMED_LOGINS = 20;
/** Logins sent at once while the stall probe watches the host. */
export const CONCURRENT_LOGINS = 20;

const PASSWORD = 'the bench knows this password';
const WRONG_PASSWORD = 'not the password at all';

// The targets, printed beside each figure and never asserted.
const targets = { timingRatio: 1.2, stallMs: 50 };

export interface LoginFigures {
  knownWrong: LatencySummary;
  unknown: LatencySummary;
  /** The host's longest event-loop stall, with the logins and without them. */
  stall: { logins: number; idle: number };
  /** GET /users/me served meanwhile: the slowest answer, with the logins and without. */
  slowestProfile: { logins: number; idle: number };
}

interface LoginHost {
  url: string;
  owner: Credentials;
  user: string;
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
// on stderr, among the child's last lines.
async function askStall(server: ChildServer, ask: number): Promise<number> {
  process.kill(server.pid, 'SIGUSR2');
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline) {
    for (const line of server.recentErrors()) {
      const stall = stallOf(line, ask);
      if (stall !== undefined) return stall;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the host's stall probe did not answer ask ${ask}`);
}

/** The owner, from the database, creates the user whose logins are timed, with a password. */
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
  const connection = await HttpConnection.open(server.url, owner.authorization);
  const created = await connection.request({
    method: 'POST',
    path: '/api/v1/users',
    body: new URLSearchParams({
      email: user,
      full_name: 'Login Bench',
      password: PASSWORD,
    }).toString(),
  });
  connection.close();
  requireAccepted('logins', 'POST /users', created);
  return { url: server.url, owner, user, server };
}

/**
 * Known user with a wrong password and unknown user, one login at a time,
 * alternating, each kind first in every other pair: a figure and its
 * ceiling share whatever else the machine was doing.
 */
async function timeRefusals(
  host: LoginHost,
): Promise<Pick<LoginFigures, 'knownWrong' | 'unknown'>> {
  const figure = 'login, known user with a wrong password and unknown user';
  const connection = await HttpConnection.open(host.url);
  const known: number[] = [];
  const unknown: number[] = [];
  const refused = async (username: string) => {
    const { response, milliseconds } = await timed(connection, login(username, WRONG_PASSWORD));
    requireRefusal(figure, response);
    return milliseconds;
  };
  // One of each first, unrecorded: the host's first login compiles its code.
  for (let n = -1; n < TIMED_LOGINS; n++) {
    const nobody = `nobody${n + 1}@hearth.local`;
    let wrong: number;
    let absent: number;
    if (n % 2 === 0) {
      wrong = await refused(host.user);
      absent = await refused(nobody);
    } else {
      absent = await refused(nobody);
      wrong = await refused(host.user);
    }
    if (n < 0) continue;
    known.push(wrong);
    unknown.push(absent);
  }
  connection.close();
  requireAll(
    figure,
    'timed logins of each kind',
    Math.min(known.length, unknown.length),
    TIMED_LOGINS,
  );
  return { knownWrong: summarize(known), unknown: summarize(unknown) };
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
  await askStall(host.server, 1);
  const started = performance.now();
  const logins = Promise.all(
    connections.map((connection) => connection.request(login(host.user, PASSWORD))),
  );
  const during = await profilesUntil(host, logins);
  const answers = await logins;
  const seconds = (performance.now() - started) / 1000;
  const stallDuring = await askStall(host.server, 2);
  for (const connection of connections) connection.close();
  const accepted = answers.filter((answer) => answer.status === 200).length;
  requireAll(figure, 'logins accepted', accepted, CONCURRENT_LOGINS);

  const idle = await profilesUntil(
    host,
    new Promise((resolve) => setTimeout(resolve, seconds * 1000)),
  );
  const stallIdle = await askStall(host.server, 3);
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
    ['--import', pathToFileURL(plan.probeScript).href],
  );
  const host = await prepare(server, dataDir);
  const refusals = await timeRefusals(host);
  const stalls = await measureStalls(host);
  await server.stop();
  return { ...refusals, ...stalls };
}

export function loginRows(figures: LoginFigures): Row[] {
  const { knownWrong, unknown, stall, slowestProfile } = figures;
  const ratio = knownWrong.p50 / unknown.p50;
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
