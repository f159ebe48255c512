import { describe, expect, it } from 'vitest';
import { highlightCode } from '../../../src-main/server/markdown/highlight';

// Pygments' short token class names, the only classes Zulip clients style.
const pygmentsClasses = new Set(
  (
    'w esc err x k kc kd kn kp kr kt n na nb bp nc no nd ni ne nf fm py nl nn nx nt nv vc vg vi vm ' +
    'l ld s sa sb sc dl sd s2 se sh si sx sr s1 ss m mb mf mh mi il mo o ow p pm ' +
    'c ch cm cp cpf c1 cs g gd ge ges gr gh gi go gp gs gu gt'
  ).split(' '),
);

// One snippet per highlighted language, each with characters HTML must escape.
const samples: readonly [string, string][] = [
  ['Bash', 'if [ "$a" -lt 3 ] && echo \'<ok>\'; then ls; fi # done'],
  ['Bash Session', '$ grep -c "<a>" x && echo ok\n3'],
  ['C', '#include <stdio.h>\nint main(void) { return 1 < 2 && 0x1F; } /* end */'],
  ['C#', 'var s = $"<{x}>"; // note\nif (a < b && c) { }'],
  ['C++', 'template <typename T> auto f(T&& t) -> bool { return t < 2; }'],
  ['CSS', 'a[href^="http"] > b::after { content: "<&>"; width: 1.5em; }'],
  ['Diff', 'diff --git a b\n--- a\n+++ b\n@@ -1 +1 @@\n-<old>\n+<new & "more">'],
  ['Go', 'func main() { if a < b && c { fmt.Println("<&>") } }'],
  ['HTML', '<a href="x?a=1&amp;b=2" title=\'q\'>&lt;tag&gt;</a><!-- note -->'],
  ['Haskell', 'main = print (a < b && c) -- "<&>"\n{- block -}'],
  ['JSON', '{"key": "<&>", "n": -1.5e3, "ok": true, "list": [1, null]}'],
  ['Java', '@Override\npublic boolean f() { return a < b && "<&>".isEmpty(); }'],
  ['JavaScript', "const s = `<${a && b}>`; /* c\n d */ if (x < 1) f('&amp;');"],
  ['Kotlin', 'fun f(a: Int) = if (a < 2 && b) "<$a>" else \'&\''],
  ['Markdown', '# Title\n* item **b** `<code>` [t](http://x?a&b)\n> quote & "more"'],
  ['PHP', '<?php echo "<b>" . $x && $y; // note ?>'],
  [
    'Python',
    '@d\ndef f(self, x=0o17):\n    """Doc <&>"""\n    return f"{x!r}<" if x < 2 else \'&\'',
  ],
  ['Ruby', 'def f(x) = x < 2 && "#{x}<&>" # note'],
  ['Rust', '#[derive(Debug)]\nfn f<T>(t: &T) -> bool { t < 2 && "<&>".is_empty() }'],
  ['SQL', "SELECT '<&>' AS \"q\" FROM t WHERE a < 2 AND b <> 'x'; -- note"],
  ['Scala', 'def f[T](x: T): Boolean = x < 2 && "<&>".isEmpty // note'],
  ['Swift', 'let s = "<\\(a && b)>"; if a < 2 { print("&") }'],
  ['TeX', '\\pi \\textbf{ is <not> } 3.14 & $x^2$ % comment'],
  ['TypeScript', 'let x: Array<number> = a < b && "<&>" ? [1] : [];'],
  ['XML', '<?xml version="1.0"?>\n<a b="<&amp;>">&lt;text&gt;<![CDATA[ <&> ]]></a>'],
  ['YAML', 'key: "<&>" # note\nlist:\n  - 1.5\n  - \'x\''],
];

function unescape(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

describe('code highlighting', () => {
  it.each(samples)('highlights %s with Pygments classes only', (language, code) => {
    const html = highlightCode(code, language);
    expect(html).toBeDefined();
    const classes = [...(html ?? '').matchAll(/<span class="([^"]*)">/g)].map((m) => m[1]);
    expect(classes.length).toBeGreaterThan(0);
    for (const tokenClass of classes) expect(pygmentsClasses).toContain(tokenClass);
  });

  it.each(samples)('keeps every character of %s, escaped exactly once', (language, code) => {
    const html = highlightCode(code, language) ?? '';
    const text = html.replace(/<span class="[^"]*">|<\/span>/g, '');
    expect(text).not.toMatch(/[<>]|&(?!amp;|lt;|gt;)/);
    expect(unescape(text)).toBe(code);
  });

  it.each(samples)('never spans a line break in %s', (language, code) => {
    const html = highlightCode(code, language) ?? '';
    expect(html).not.toMatch(/<span class="[^"]*">[^<]*\n/);
    expect(html).not.toMatch(/<span class="[^"]*"><\/span>/);
  });

  it('merges neighbouring text of one class into one span', () => {
    expect(highlightCode('"a""b"', 'Python')).toBe('<span class="s">"a""b"</span>');
  });

  it('leaves whitespace between tokens outside the spans', () => {
    expect(highlightCode('<a  b="c">', 'HTML')).toBe(
      '<span class="p">&lt;</span><span class="nt">a</span>  <span class="na">b</span><span class="p">=</span><span class="s">"c"</span><span class="p">&gt;</span>',
    );
  });

  it('tells integers, floats and hexadecimal numbers apart', () => {
    expect(highlightCode('x = [1, 2.5, 1e3, 0xFF]', 'Python')).toBe(
      'x = [<span class="mi">1</span>, <span class="mf">2.5</span>, <span class="mf">1e3</span>, <span class="mh">0xFF</span>]',
    );
  });

  it('does not highlight a language it does not know', () => {
    expect(highlightCode('x = 1', 'inventedlanguage')).toBeUndefined();
    expect(highlightCode('x = 1', 'Text only')).toBeUndefined();
  });
});
