import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A work folder holding `template/`, which a test fills once, and what makes
 * fresh copies of it beside it: one for each run a test kills, so that no
 * run starts from what another left.
 */
export function templateCopies(name: string) {
  const work = mkdtempSync(join(tmpdir(), `hearth-${name}-`));
  const template = join(work, 'template');
  let copies = 0;
  return {
    work,
    template,
    copy(): string {
      const dir = join(work, `copy-${(copies += 1)}`);
      cpSync(template, dir, { recursive: true });
      return dir;
    },
  };
}
