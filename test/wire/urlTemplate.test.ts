import { describe, expect, it } from 'vitest';
import {
  expandUrlTemplate,
  isUrlTemplate,
  templateVariables,
} from '../../src-main/wire/urlTemplate';

// RFC 6570 URL templates as Zulip reads linkifiers' and playgrounds': the
// templates of Zulip's own tests, and the RFC's examples of each operator.

describe('URL templates', () => {
  it.each([
    'http://example.com/',
    'https://user:password@example.com/',
    'https://example.com/foo[bar]',
    'https://example.com/{foo}{bars}',
    'https://example.com/?foo={foo}',
    'https://example.com/%ab',
    'https://example.com/%%(foo)s',
    'https://example.com{/foo,bar,baz}',
    'https://example.com/{?foo*}',
    'https://example.com/{+foo,bar}',
    'https://chat{.domain}.com/{#foo}',
    'https://zone_{zone}{.domain}.net/ticket{/location}{/id}{?name,chapter}{#fragment:5}',
    '$not_a_url$',
  ])('takes %s, as Zulip does', (template) => {
    expect(isUrlTemplate(template)).toBe(true);
  });

  it.each([
    'https://example.com/{foo',
    'https://example.com/{{}',
    'https://example.com/{//foo}',
    'https://example.com/{bar++}',
    'https://example.com/}',
  ])('refuses %s, as Zulip does', (template) => {
    expect(isUrlTemplate(template)).toBe(false);
    expect(templateVariables(template)).toEqual([]);
  });

  it('names each variable once', () => {
    expect(templateVariables('https://x{/id}{?id,name}{#name:3}')).toEqual(['id', 'name']);
  });

  it.each([
    ['{var}', 'value'],
    ['{hello}', 'Hello%20World%21'],
    ['{+path}/here', '/foo/bar/here'],
    ['{#path}', '#/foo/bar'],
    ['X{.var}', 'X.value'],
    ['{/var,x}', '/value/1024'],
    ['{;x,empty}', ';x=1024;empty'],
    ['{?x,y,empty}', '?x=1024&y=768&empty='],
    ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
    ['{var:3}', 'val'],
    ['{?undef,x}', '?x=1024'],
    ['{code}', 'print%28%22hi%22%29'],
  ])('expands %s to %s, as RFC 6570 says', (template, expanded) => {
    const values = {
      var: 'value',
      hello: 'Hello World!',
      path: '/foo/bar',
      x: '1024',
      y: '768',
      empty: '',
      code: 'print("hi")',
      undef: undefined,
    };
    expect(expandUrlTemplate(template, values)).toBe(expanded);
  });
});
