import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import importCycles from './eslint/importCycles.js';

const electron = {
  name: 'electron',
  message: 'Only src-main/desktop and src-main/index.ts talk to Electron.',
};

// The app's folders and its benchmarks'; tests are exempt from the rules on
// size and cycles below.
const sourceFolders = ['src-main', 'src-preload', 'src-renderer', 'bench'];
const cycleFolders = [...sourceFolders, 'scripts'];

// The process a file runs in must be obvious from where it lives; these zones make
// the boundaries of docs/architecture.md mechanical instead of a matter of good intentions.
const zone = (files, patterns, paths = [electron]) => ({
  files,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }] },
});

// A relative import that climbs out of its folder into one of these, the
// folder's index included: '../client' as much as '../client/session' or
// '../../src-main/client'.
const climbingInto = (folders) => `^(?:\\.\\./)+(?:src-main/)?(?:${folders.join('|')})(?:/|$)`;

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'node_modules/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] },
    },
  },
  {
    files: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  zone(['src-main/**'], []),
  zone(
    ['src-main/server/**'],
    [
      {
        group: ['**/client/**', '**/desktop/**', '**/web/**'],
        message: 'server/ is a self-contained service.',
      },
    ],
  ),
  zone(
    ['src-main/client/**'],
    [
      {
        group: ['**/server/**', '**/desktop/**', '**/web/**'],
        message: 'client/ speaks HTTP to any server; it never reaches into server/.',
      },
    ],
  ),
  zone(
    ['src-main/wire/**'],
    [
      {
        regex: climbingInto([
          'server',
          'client',
          'desktop',
          'web',
          'reducer',
          'permissions',
          'registerReads',
          'widgets',
          'src-preload',
          'src-renderer',
        ]),
        message: 'wire/ is shared by every part and depends on none.',
      },
    ],
  ),
  zone(
    ['src-main/i18n/**'],
    [
      {
        group: [
          '**/server/**',
          '**/client/**',
          '**/desktop/**',
          '**/web/**',
          '**/reducer/**',
          '**/permissions/**',
          '**/registerReads/**',
          '**/widgets/**',
        ],
        message: 'i18n/ is shared by the window and main and depends on neither.',
      },
    ],
  ),
  zone(
    [
      'src-main/reducer/**',
      'src-main/permissions/**',
      'src-main/registerReads/**',
      'src-main/widgets/**',
    ],
    [
      {
        group: ['**/server/**', '**/client/**', '**/desktop/**', '**/web/**'],
        message:
          'The reducer of Zulip state and what reads it are shared by server and client; they need only wire/.',
      },
    ],
  ),
  zone(
    ['src-renderer/**'],
    [
      {
        group: ['**/src-preload/**'],
        allowTypeImports: true,
        message: 'The renderer sees only the types of the bridge.',
      },
      // wire/ is declared once for every part (docs/architecture.md); the window runs
      // four pieces of it: emojiGlyph.ts, to draw the emoji of server HTML,
      // urlTemplate.ts, to open a code block in a playground, hostName.ts,
      // to test a name for the host as `--allowed-host` does, and zoomSteps.ts,
      // to offer the zoom steps the View menu takes. i18n/ is the one way the
      // window and main speak a language.
      {
        regex: 'src-main/(?!wire/(?:emojiGlyph|urlTemplate|hostName|zoomSteps)$|i18n/)',
        message: 'The renderer reaches the main side only through the bridge.',
      },
      {
        group: ['node:*', 'fs', 'path', 'os', 'child_process', 'better-sqlite3', 'keytar'],
        message: 'The renderer never imports Node modules.',
      },
    ],
  ),
  {
    files: ['src-main/desktop/**', 'src-main/index.ts', 'src-preload/index.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['src-main/desktop/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              allowTypeImports: true,
              message: 'desktop/ hosts server/ only through the host worker entry.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-preload/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Types included: what the bridge carries is declared in wire/,
              // which the window may read, and client/ is main's alone.
              regex: '(?:^|/)src-main/client(?:/|$)',
              message: 'The bridge speaks wire/ types; it never reaches into client/.',
            },
          ],
        },
      ],
    },
  },
  {
    // A file is read whole; blank lines and comments count toward its size.
    files: sourceFolders.map((folder) => `${folder}/**`),
    rules: { 'max-lines': ['error', { max: 600, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: cycleFolders.map((folder) => `${folder}/**`),
    plugins: { hearth: importCycles },
    rules: { 'hearth/no-import-cycle': ['error', { folders: cycleFolders }] },
  },
);
