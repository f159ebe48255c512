// Writes resources/sounds/<name>.wav from scripts/soundRecipes.ts.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hearthSounds } from '../src-main/wire/sounds';
import { synthesize, wavFile } from './soundRecipes';

const folder = join('resources', 'sounds');
await mkdir(folder, { recursive: true });
for (const sound of hearthSounds) {
  const file = join(folder, `${sound}.wav`);
  await writeFile(file, wavFile(synthesize(sound)));
  console.log(`wrote ${file}`);
}
