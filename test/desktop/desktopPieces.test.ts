import { describe, expect, it } from 'vitest';
import { badgeBitmap, badgeText } from '../../src-main/desktop/badgeIcon';
import { autostartComments, autostartEntry } from '../../src-main/desktop/autostart';
import { bannersOff } from '../../src-main/desktop/gnomeBanners';

const white = (bitmap: ReturnType<typeof badgeBitmap>) => {
  let count = 0;
  for (let at = 0; at < bitmap.data.length; at += 4) {
    if (bitmap.data.readUInt32LE(at) === 0xffffffff) count += 1;
  }
  return count;
};

describe('the taskbar overlay badge', () => {
  it('is a 16-pixel red disc on a clear ground, in BGRA', () => {
    const bitmap = badgeBitmap(3);
    expect(bitmap).toMatchObject({ width: 16, height: 16 });
    expect(bitmap.data).toHaveLength(16 * 16 * 4);
    expect([...bitmap.data.subarray(0, 4)]).toEqual([0, 0, 0, 0]);
    const edge = (8 * 16 + 1) * 4;
    expect([...bitmap.data.subarray(edge, edge + 4)]).toEqual([0x2e, 0x22, 0xcf, 0xff]);
  });

  it('writes the count in white, with "9+" past nine', () => {
    // A 3×5 glyph at twice the size: each lit dot is four pixels.
    expect(white(badgeBitmap(1))).toBe(8 * 4);
    expect(white(badgeBitmap(8))).toBe(13 * 4);
    expect(badgeText(7)).toBe('7');
    expect(badgeText(12)).toBe('9+');
    expect(white(badgeBitmap(12))).toBe(white(badgeBitmap(9)) + 5 * 4);
  });
});

describe("GNOME's do-not-disturb", () => {
  it('is on when gsettings says banners are not shown', () => {
    expect(bannersOff('false\n')).toBe(true);
    expect(bannersOff('true\n')).toBe(false);
    expect(bannersOff('')).toBe(false);
  });
});

describe('the Linux autostart entry', () => {
  it('starts the app by its quoted path', () => {
    const entry = autostartEntry('/opt/Hearth App/hearth', []);
    expect(entry).toContain('[Desktop Entry]');
    expect(entry).toContain('Exec="/opt/Hearth App/hearth" --hidden');
    expect(autostartEntry('/tmp/a"b$c', [])).toContain('Exec="/tmp/a\\"b\\$c" --hidden');
  });

  it('describes Hearth in each of its languages, under the locale the desktop matches', async () => {
    const lines = autostartEntry('/opt/hearth', await autostartComments()).split('\n');
    const comments = lines.filter((line) => line.startsWith('Comment'));
    expect(comments).toHaveLength(9);
    expect(comments).toEqual(
      expect.arrayContaining([
        'Comment=Team chat',
        'Comment[de]=Team-Chat',
        'Comment[pt_BR]=Chat da equipe',
        'Comment[zh_CN]=团队聊天',
        'Comment[ar]=دردشة الفريق',
      ]),
    );
  });
});
