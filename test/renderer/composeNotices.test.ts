import './englishWindow';
import { describe, expect, it } from 'vitest';
import { guestNotice } from '../../src-renderer/src/lib/composeNotices';

describe('the warning before writing to guests', () => {
  it('names one guest, or several as the language lists them, and says nothing without one', () => {
    expect(guestNotice([])).toBeNull();
    expect(guestNotice(['Polonius'])).toBe('Polonius is a guest in this organization.');
    expect(guestNotice(['Polonius', 'Osric', 'Yorick'])).toBe(
      'Polonius, Osric, and Yorick are guests in this organization.',
    );
  });
});
