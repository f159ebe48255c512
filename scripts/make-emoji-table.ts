// Writes src-main/wire/unicodeEmoji.json from emojibase-data, after an upgrade of it.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildEmojiTable, emojiTableFile } from './emojiTable';

const file = join('src-main', 'wire', 'unicodeEmoji.json');
await writeFile(file, emojiTableFile(buildEmojiTable()));
console.log(`wrote ${file}`);
