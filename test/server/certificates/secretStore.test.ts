import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fileSecrets,
  secretsMovedFromFiles,
  type SecretStore,
} from '../../../src-main/server/certificates/secretStore';
import { mapSecrets } from '../../helpers/network/mapSecrets';

// Issue 53, point 5: a public name's secrets are 0600 files for a headless
// host and the keychain's for the app, which takes over the files an
// earlier start of it left.

describe("a public name's secrets", () => {
  let dir: string;
  let kept: Map<string, string>;
  let keychain: SecretStore;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hearth-secrets-'));
    kept = new Map();
    keychain = mapSecrets(kept);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('are files the host’s user alone reads, for a headless host', async () => {
    const files = fileSecrets(join(dir, 'public'));
    expect(await files.read('tsig-secret')).toBeNull();
    await files.write('tsig-secret', 'c2VjcmV0');
    expect((await stat(join(dir, 'public', 'tsig-secret'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'public'))).mode & 0o777).toBe(0o700);
    expect(await files.read('tsig-secret')).toBe('c2VjcmV0');
  });

  it('move from their files into the keychain as they are read, the files removed', async () => {
    await writeFile(join(dir, 'acme-account-key'), 'account key', { mode: 0o600 });
    await writeFile(join(dir, 'certificate-key'), 'certificate key', { mode: 0o600 });
    const secrets = secretsMovedFromFiles(keychain, dir);
    expect(await secrets.read('acme-account-key')).toBe('account key');
    expect(kept.get('acme-account-key')).toBe('account key');
    expect(await readdir(dir)).toEqual(['certificate-key']);
    expect(await secrets.read('acme-account-key')).toBe('account key');
    expect(await secrets.read('tsig-secret')).toBeNull();
  });

  it('are written to the keychain alone, an older file removed', async () => {
    await writeFile(join(dir, 'certificate-key'), 'the old key', { mode: 0o600 });
    const secrets = secretsMovedFromFiles(keychain, dir);
    await secrets.write('certificate-key', 'the renewed key');
    expect(kept.get('certificate-key')).toBe('the renewed key');
    expect(await readdir(dir)).toEqual([]);
    expect(await secrets.read('certificate-key')).toBe('the renewed key');
  });

  it('are read from the keychain before any file', async () => {
    kept.set('tsig-secret', 'in the keychain');
    await writeFile(join(dir, 'tsig-secret'), 'left in a file', { mode: 0o600 });
    expect(await secretsMovedFromFiles(keychain, dir).read('tsig-secret')).toBe('in the keychain');
  });

  it('are forgotten from the keychain and from any file an earlier start left', async () => {
    await writeFile(join(dir, 'tsig-secret'), 'an old file', { mode: 0o600 });
    kept.set('tsig-secret', 'kept');
    const secrets = secretsMovedFromFiles(keychain, dir);
    await secrets.remove('tsig-secret');
    expect(kept.has('tsig-secret')).toBe(false);
    expect(await readdir(dir)).toEqual([]);
    expect(await secrets.read('tsig-secret')).toBeNull();
    // Forgetting what was never kept is no failure.
    await fileSecrets(dir).remove('cloudflare-token');
  });
});
