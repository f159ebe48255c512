import { homedir } from 'node:os';
import { join } from 'node:path';

/** `$XDG_DATA_HOME/hearth`, else `~/.local/share/hearth`, per the XDG base directory spec. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_DATA_HOME;
  return join(xdg && xdg.length > 0 ? xdg : join(homedir(), '.local', 'share'), 'hearth');
}
