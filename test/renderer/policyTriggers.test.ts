import { describe, expect, it } from 'vitest';
import { withoutPolicyTriggers } from '../../src-renderer/src/lib/policyTriggers';

// The renaming before DOMPurify's parse touches what the window's
// Content-Security-Policy would report, event handlers, inline styles,
// <style> and <base>, and nothing else: a word of an attribute's value
// that happens to start with "on" is text the reader sees.

describe('withoutPolicyTriggers', () => {
  it('leaves a value\'s words starting with "on" as they are', () => {
    const html = '<span title="take one" class="only">once</span>';
    expect(withoutPolicyTriggers(html)).toBe(html);
    expect(withoutPolicyTriggers("<a href='/on' title='online onto one'>x</a>")).toBe(
      "<a href='/on' title='online onto one'>x</a>",
    );
  });

  it('renames event handlers and inline styles, wherever the attribute stands', () => {
    expect(withoutPolicyTriggers('<img src=x onclick=alert(1)>')).toBe(
      '<img src=x x-onclick=alert(1)>',
    );
    expect(withoutPolicyTriggers('<b title="take one" ONCLICK = "go()" style="color:red">')).toBe(
      '<b title="take one" x-ONCLICK = "go()" x-style="color:red">',
    );
    expect(withoutPolicyTriggers('<i title="a"onmouseover="b"/onfocus=c>')).toBe(
      '<i title="a"x-onmouseover="b"/x-onfocus=c>',
    );
  });

  it('renames a handler hidden past a quoted bracket or in a raw-text element', () => {
    expect(withoutPolicyTriggers('<a title="x>" onclick=y>z</a>')).toBe(
      '<a title="x>" x-onclick=y>z</a>',
    );
    expect(withoutPolicyTriggers('<noembed><img title="</noembed><img onerror=e>">')).toBe(
      '<noembed><img title="</noembed><img x-onerror=e>">',
    );
  });

  it('renames <style> and <base> elements', () => {
    expect(withoutPolicyTriggers('<style>p{}</style><base href="/">')).toBe(
      '<x-style>p{}</x-style><x-base href="/">',
    );
  });
});
