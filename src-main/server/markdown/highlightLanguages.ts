import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import haskell from 'highlight.js/lib/languages/haskell';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import latex from 'highlight.js/lib/languages/latex';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import scala from 'highlight.js/lib/languages/scala';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

// Only the languages chat users paste most, registered once at startup on a
// private instance so no other code's configuration reaches ours.
export const highlighter = hljs.newInstance();
const grammars = {
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  go,
  haskell,
  java,
  javascript,
  json,
  kotlin,
  latex,
  markdown,
  php,
  python,
  ruby,
  rust,
  scala,
  shell,
  sql,
  swift,
  typescript,
  xml,
  yaml,
};
for (const [name, grammar] of Object.entries(grammars)) highlighter.registerLanguage(name, grammar);

// Keyed by the Pygments lexer name that `codeLanguage` yields.
const grammarByLanguage: ReadonlyMap<string, keyof typeof grammars> = new Map(
  Object.entries({
    Bash: 'bash',
    'Bash Session': 'shell',
    C: 'c',
    'C#': 'csharp',
    'C++': 'cpp',
    CSS: 'css',
    Diff: 'diff',
    Go: 'go',
    HTML: 'xml',
    Haskell: 'haskell',
    JSON: 'json',
    Java: 'java',
    JavaScript: 'javascript',
    Kotlin: 'kotlin',
    Markdown: 'markdown',
    PHP: 'php',
    Python: 'python',
    'Python 2.x': 'python',
    Ruby: 'ruby',
    Rust: 'rust',
    SQL: 'sql',
    Scala: 'scala',
    Swift: 'swift',
    TeX: 'latex',
    TypeScript: 'typescript',
    XML: 'xml',
    YAML: 'yaml',
  } as const),
);

/** The highlight.js grammar for a code block's language, if we highlight it. */
export function grammarFor(language: string): string | undefined {
  return grammarByLanguage.get(language);
}
