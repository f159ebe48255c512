import { chmod, mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SecretName } from '../../wire/hostSecrets';
import { writeFileAtomically } from '../atomicFile';

export type { SecretName } from '../../wire/hostSecrets';

/**
 * Where those secrets are kept: the OS keychain for the app, 0600 files in
 * the data folder for a headless host.
 */
export interface SecretStore {
  read(name: SecretName): Promise<string | null>;
  write(name: SecretName, value: string): Promise<void>;
  /** Forgets the secret; nothing happens when none is kept. */
  remove(name: SecretName): Promise<void>;
}

/** Secrets as files readable by the host's user alone, in `dir`. */
export function fileSecrets(dir: string): SecretStore {
  return {
    read: async (name) => {
      try {
        const path = join(dir, name);
        const value = await readFile(path, 'utf8');
        // A copy may have widened the mode; the secret is the owner's alone.
        await chmod(path, 0o600);
        return value;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    write: async (name, value) => {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFileAtomically(join(dir, name), value, 0o600);
    },
    remove: (name) => rm(join(dir, name), { force: true }),
  };
}

/**
 * `store` (the app's keychain), taking over any secret an earlier start kept
 * as a file in `dir`: moved on first read, its file removed once the store
 * holds it.
 */
export function secretsMovedFromFiles(store: SecretStore, dir: string): SecretStore {
  const files = fileSecrets(dir);
  return {
    read: async (name) => {
      const kept = await store.read(name);
      if (kept !== null) return kept;
      const filed = await files.read(name);
      if (filed === null) return null;
      await store.write(name, filed);
      await rm(join(dir, name), { force: true });
      return filed;
    },
    write: async (name, value) => {
      await store.write(name, value);
      // An older file would be taken for the secret if the keychain were ever lost.
      await rm(join(dir, name), { force: true });
    },
    remove: async (name) => {
      await store.remove(name);
      await files.remove(name);
    },
  };
}
