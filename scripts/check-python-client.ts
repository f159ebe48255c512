import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startOrg } from '../test/helpers/org';

// Zulip's Python client (python-zulip-api) against a Hearth host, for the
// calls of issue 17 and a new user's walkthrough (issue 52). The client is on
// PyPI only, which these machines cannot reach, so this is not part of
// `npm test`: given a checkout of the client,
// `npm run compat:python -- <checkout>` runs test/compat/pythonClient/check.py
// with it and exits with its status. The client needs Debian's
// python3-requests, python3-distro, python3-click and python3-typing-extensions.

const checkout = process.argv[2];
if (!checkout) {
  console.error('usage: npm run compat:python -- <python-zulip-api checkout>');
  process.exit(2);
}

const org = await startOrg();
const work = await mkdtemp(join(tmpdir(), 'hearth-python-client-'));
let status: number | undefined;
try {
  const alice = await org.user('alice');
  for (const user of [alice, org.owner]) {
    await org.subscribe(user, 'kitchen');
    await org.subscribe(user, 'attic');
  }
  const config = join(work, 'accounts.json');
  await writeFile(config, JSON.stringify({ url: org.url, owner: org.owner, alice }));
  // Asynchronous: the host answers from this same process.
  const run = await promisify(execFile)(
    // Debian's, beside the packages the client needs.
    '/usr/bin/python3',
    [join(import.meta.dirname, '../test/compat/pythonClient/check.py'), config],
    { env: { ...process.env, PYTHONPATH: join(checkout, 'zulip') } },
  ).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: error.stderr ?? String(error),
    failed: true,
  }));
  process.stdout.write(run.stdout);
  process.stderr.write(run.stderr);
  status = 'failed' in run ? 1 : 0;
} finally {
  await org.close();
  await rm(work, { recursive: true, force: true });
}
process.exit(status ?? 1);
