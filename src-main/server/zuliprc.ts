import { chmod, writeFile } from 'node:fs/promises';

// The [api] section read by Zulip's Python client and the tools built on it.
export async function writeZuliprc(
  path: string,
  account: { email: string; apiKey: string; site: string },
): Promise<void> {
  const text = `[api]\nemail=${account.email}\nkey=${account.apiKey}\nsite=${account.site}\n`;
  await writeFile(path, text, { mode: 0o600 });
  // writeFile's mode only applies when it creates the file.
  await chmod(path, 0o600);
}
