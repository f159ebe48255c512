// Zulip names a code block's language the way Pygments names its lexer, so
// aliases resolve to one display name; unknown languages keep what was typed.
const canonicalNames: ReadonlyMap<string, string> = new Map(
  Object.entries({
    bash: 'Bash',
    sh: 'Bash',
    shell: 'Bash',
    zsh: 'Bash',
    console: 'Bash Session',
    c: 'C',
    'c++': 'C++',
    cpp: 'C++',
    cs: 'C#',
    csharp: 'C#',
    'c#': 'C#',
    css: 'CSS',
    diff: 'Diff',
    go: 'Go',
    golang: 'Go',
    haskell: 'Haskell',
    hs: 'Haskell',
    html: 'HTML',
    java: 'Java',
    javascript: 'JavaScript',
    js: 'JavaScript',
    json: 'JSON',
    ksh: 'Bash',
    kotlin: 'Kotlin',
    latex: 'TeX',
    tex: 'TeX',
    markdown: 'Markdown',
    md: 'Markdown',
    php: 'PHP',
    py: 'Python',
    py3: 'Python',
    python: 'Python',
    python3: 'Python',
    py2: 'Python 2.x',
    python2: 'Python 2.x',
    rb: 'Ruby',
    ruby: 'Ruby',
    rs: 'Rust',
    rust: 'Rust',
    scala: 'Scala',
    sql: 'SQL',
    swift: 'Swift',
    text: 'Text only',
    ts: 'TypeScript',
    typescript: 'TypeScript',
    udiff: 'Diff',
    xml: 'XML',
    yaml: 'YAML',
    yml: 'YAML',
  }),
);

/** The language of a fence's info string (`python`, `.python`, `{.python}`), as Zulip shows it. */
export function codeLanguage(info: string): string {
  const word = info.trim().split(/\s+/)[0] ?? '';
  const language = word.replace(/^\{?\.?/, '').replace(/\}$/, '');
  return canonicalNames.get(language.toLowerCase()) ?? language;
}
