// The unread count drawn as a small red disc with white digits, as raw BGRA
// pixels that Electron's nativeImage.createFromBitmap takes: Windows shows it
// over the taskbar button, where there is no badge count to set.

// A 3×5 pixel font: each digit is five rows of three bits, left bit first.
const digits: Record<string, readonly number[]> = {
  '0': [7, 5, 5, 5, 7],
  '1': [2, 6, 2, 2, 7],
  '2': [7, 1, 7, 4, 7],
  '3': [7, 1, 3, 1, 7],
  '4': [5, 5, 7, 1, 1],
  '5': [7, 4, 7, 1, 7],
  '6': [7, 4, 7, 5, 7],
  '7': [7, 1, 2, 2, 2],
  '8': [7, 5, 7, 5, 7],
  '9': [7, 5, 7, 1, 7],
  '+': [0, 2, 7, 2, 0],
};

export interface Bitmap {
  width: number;
  height: number;
  /** BGRA, row by row. */
  data: Buffer;
}

/** What the badge says: the count, or "9+" past nine, which is all 16 pixels hold; nothing for 0. */
export const badgeText = (count: number): string =>
  count > 9 ? '9+' : count > 0 ? String(count) : '';

/** BGRA of the badge's red and of Hearth's green. */
const badgeRed = [0x2e, 0x22, 0xcf, 0xff] as const;
export const hearthGreen = [0x4f, 0x6f, 0x2f, 0xff] as const;

export function badgeBitmap(
  count: number,
  size = 16,
  colour: readonly number[] = badgeRed,
): Bitmap {
  const data = Buffer.alloc(size * size * 4);
  const set = (x: number, y: number, [b, g, r, a]: readonly number[]) => {
    const at = (y * size + x) * 4;
    data[at] = b ?? 0;
    data[at + 1] = g ?? 0;
    data[at + 2] = r ?? 0;
    data[at + 3] = a ?? 0;
  };
  const centre = (size - 1) / 2;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      if (Math.hypot(x - centre, y - centre) <= size / 2) set(x, y, colour);
    }
  }
  const text = badgeText(count);
  const scale = Math.max(1, Math.floor(size / 8));
  const glyphWidth = 3 * scale;
  const width = text.length * glyphWidth + (text.length - 1) * scale;
  const left = Math.floor((size - width) / 2);
  const top = Math.floor((size - 5 * scale) / 2);
  [...text].forEach((character, index) => {
    const rows = digits[character] ?? [];
    rows.forEach((bits, row) => {
      for (let column = 0; column < 3; column += 1) {
        if (!((bits >> (2 - column)) & 1)) continue;
        for (let dy = 0; dy < scale; dy += 1) {
          for (let dx = 0; dx < scale; dx += 1) {
            const x = left + index * (glyphWidth + scale) + column * scale + dx;
            set(x, top + row * scale + dy, [0xff, 0xff, 0xff, 0xff]);
          }
        }
      }
    });
  });
  return { width: size, height: size, data };
}
