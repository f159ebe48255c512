import { describe, expect, it } from 'vitest';
import { TextBuffer } from '../../src-main/server/textBuffer';

describe('TextBuffer', () => {
  it('gives back what was written, in order, across growth and in any script', () => {
    const buffer = new TextBuffer();
    const pieces = Array.from({ length: 5000 }, (_, index) => `${index}:Grüße 🙂 ✓,`);
    for (const piece of pieces) buffer.write(piece);
    expect(buffer.toString()).toBe(pieces.join(''));
  });

  it('starts over when cleared, keeping nothing of the earlier text', () => {
    const buffer = new TextBuffer().write('x'.repeat(40_000));
    expect(buffer.clear().write('short').toString()).toBe('short');
    expect(buffer.clear().toString()).toBe('');
  });
});
