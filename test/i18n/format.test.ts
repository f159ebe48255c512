import { describe, expect, it } from 'vitest';
import { MessageFormatter } from '../../src-main/i18n/format';
import { PseudoFormatter, pseudoText } from '../../src-main/i18n/pseudo';

const unread = '{count, plural, one {# unread message} other {# unread messages}}';

describe('messages in a language', () => {
  it("puts values in and chooses each language's plural form", () => {
    const english = new MessageFormatter('en', { 'x.unread': unread });
    expect(english.format('x.unread', { count: 1 })).toBe('1 unread message');
    expect(english.format('x.unread', { count: 1234 })).toBe('1,234 unread messages');
    const russian = new MessageFormatter('ru', {
      'x.unread':
        '{count, plural, one {# сообщение} few {# сообщения} many {# сообщений} other {# сообщения}}',
    });
    expect([1, 3, 5, 21].map((count) => russian.format('x.unread', { count }))).toEqual([
      '1 сообщение',
      '3 сообщения',
      '5 сообщений',
      '21 сообщение',
    ]);
    const arabic = new MessageFormatter('ar', {
      'x.unread':
        '{count, plural, zero {لا رسائل} one {رسالة واحدة} two {رسالتان} few {# رسائل} many {# رسالة} other {# رسالة}}',
    });
    expect(arabic.format('x.unread', { count: 2 })).toBe('رسالتان');
    expect(arabic.format('x.unread', { count: 0 })).toBe('لا رسائل');
  });

  it('writes numbers as the language does', () => {
    const german = new MessageFormatter('de', { 'x.n': '{count, number} Nachrichten' });
    expect(german.format('x.n', { count: 12345 })).toBe('12.345 Nachrichten');
  });

  it('gives a sentence with markup in parts, in the order the language puts them', () => {
    const japanese = new MessageFormatter('ja', {
      'x.read': '<link>ガイド</link>を読んでください、{name}さん',
    });
    expect(japanese.rich('x.read', { name: 'Alice' })).toEqual([
      { tag: 'link', text: 'ガイド' },
      'を読んでください、Aliceさん',
    ]);
  });

  it('says the key where the catalog lacks the message', () => {
    expect(new MessageFormatter('fr', {}).format('x.missing')).toBe('x.missing');
  });
});

describe('the pseudo-language', () => {
  it('accents the words and makes them 40% longer, leaving what is put in as it is', () => {
    expect(pseudoText('Save')).toBe('Šàṽé ·');
    const pseudo = new PseudoFormatter('en-XA', { 'x.hello': 'Hello {name}' });
    const said = pseudo.format('x.hello', { name: 'Bob' });
    expect(said.startsWith('⟦Ĥéĺĺö')).toBe(true);
    expect(said).toContain('Bob');
    expect(said.endsWith('⟧')).toBe(true);
    expect(said.length).toBeGreaterThanOrEqual(Math.ceil('Hello Bob'.length * 1.4));
  });
});
