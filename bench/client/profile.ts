import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A profile folder holding `accounts` accounts, each with a copy of the
 * given cache file, on servers nobody answers at: as the app finds it when
 * started offline.
 */
export async function offlineProfile(cacheFile: string, accounts: number): Promise<string> {
  const profileDir = await mkdtemp(join(tmpdir(), 'hearth-bench-profile-'));
  await mkdir(join(profileDir, 'caches'));
  const records = Array.from({ length: accounts }, (_, index) => ({
    id: `account-${index + 1}`,
    // Port 9 (discard) on loopback: nothing listens, so every session stays offline.
    serverUrl: `http://127.0.0.${index + 1}:9`,
    email: 'user1@bench.example',
    userId: 1,
    realmName: `Organization ${index + 1}`,
    realmIcon: null,
    lastNarrow: null,
    hosted: false,
  }));
  for (const record of records) {
    await copyFile(cacheFile, join(profileDir, 'caches', `${record.id}.sqlite3`));
  }
  await writeFile(
    join(profileDir, 'accounts.json'),
    JSON.stringify({ version: 1, accounts: records }),
  );
  return profileDir;
}
