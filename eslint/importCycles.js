// Hearth's modules form no import cycle, and a type-only import counts: it
// still ties one module's design to the other's, and the two cannot be
// understood, moved or split apart. eslint-plugin-import's `no-cycle`, and
// eslint-plugin-import-x's (as of 4.18.1), skip `import type` with no option
// to count it, so this rule builds the import graph itself.
//
// A cycle is a property of the whole project, not of one file, so the graph is
// built once per process and per project, then kept in line with the disk.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const moduleFile = /\.(?:[cm]?[jt]sx?|svelte)$/;
// The extensions a specifier may leave out, tried in TypeScript's order, so
// '../wire' is '../wire/index.ts' and './store.svelte' is './store.svelte.ts'.
const extensions = ['.ts', '.tsx', '.d.ts', '.js', '.jsx'];
// An editor's ESLint lives for hours while other files change under it; a
// lint run lives for seconds, and walking the folders again costs it a few
// hundredths of a second each time.
const refreshAfterMs = 10_000;
const scriptBlock = /(<script\b[^>]*>)([\s\S]*?)<\/script>/g;

/**
 * The relative imports of a file's text, with where their specifiers stand:
 * every form TypeScript reads (`import type`, `export … from`, `import()`,
 * `require`, `typeof import()`), which a syntax tree would list in five shapes.
 */
function importsIn(file, text) {
  const scripts = file.endsWith('.svelte')
    ? [...text.matchAll(scriptBlock)].map((match) => ({
        code: match[2],
        offset: match.index + match[1].length,
      }))
    : [{ code: text, offset: 0 }];
  return scripts.flatMap(({ code, offset }) =>
    ts
      .preProcessFile(code, true, true)
      .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName, pos, end }) => ({
        specifier: fileName,
        start: offset + pos,
        end: offset + end,
      })),
  );
}

const specifiersOf = (imports) => imports.map(({ specifier }) => specifier);

/** The project a file belongs to: the nearest folder above it with a package.json. */
function projectOf(file) {
  for (let folder = dirname(file); ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) return null;
  }
}

class ImportGraph {
  /** Each module's path, its modification time, its text and its imports. */
  #modules = new Map();
  /** Each module's resolved imports and the cycle it lies on, or null until asked for again. */
  #resolved = null;
  #refreshedAt = -Infinity;

  constructor(root, folders) {
    this.root = root;
    this.folders = folders.map((folder) => resolve(root, folder));
  }

  covers(file) {
    return this.folders.some((folder) => file.startsWith(folder + sep));
  }

  /**
   * The imports of a file as the linter holds it, which an editor may not
   * have saved yet; null if the file is not one of the graph's.
   */
  see(file, text) {
    if (!this.#modules.has(file) || Date.now() - this.#refreshedAt > refreshAfterMs) {
      this.#refresh();
    }
    const module = this.#modules.get(file);
    if (!module) return null;
    if (text !== module.text) {
      const imports = importsIn(file, text);
      if (String(specifiersOf(imports)) !== String(specifiersOf(module.imports))) {
        this.#resolved = null;
      }
      Object.assign(module, { text, imports });
    }
    return module.imports;
  }

  /** The module `specifier` names from `file`, if it is one of the graph's. */
  resolve(file, specifier) {
    const base = resolve(dirname(file), specifier);
    // TypeScript lets './x.js' name the './x.ts' it compiles to, and './x.mjs' './x.mts'.
    const compiled = /\.[cm]?js$/.test(base) ? [base.replace(/js$/, 'ts')] : [];
    return [
      base,
      ...extensions.map((extension) => base + extension),
      ...compiled,
      ...extensions.map((extension) => join(base, `index${extension}`)),
    ].find((candidate) => this.#modules.has(candidate));
  }

  /**
   * The way from `from` back to `to` when both lie on one cycle, as paths
   * relative to the project; the shortest, so the report names few files.
   */
  wayBack(from, to) {
    const { imports, cycle } = this.#graph();
    if (from === to || cycle.get(from) !== cycle.get(to)) return null;
    const cameFrom = new Map([[from, null]]);
    for (const module of cameFrom.keys()) {
      if (module === to) break;
      for (const next of imports.get(module)) {
        if (!cameFrom.has(next) && cycle.get(next) === cycle.get(from)) cameFrom.set(next, module);
      }
    }
    const way = [];
    for (let module = to; module !== null; module = cameFrom.get(module)) way.unshift(module);
    return way.map((module) => relative(this.root, module));
  }

  #refresh() {
    const found = new Set();
    for (const folder of this.folders.filter((folder) => existsSync(folder))) {
      for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !moduleFile.test(entry.name)) continue;
        const path = join(entry.parentPath, entry.name);
        // Another process may remove a file between the listing and here.
        const stats = statSync(path, { throwIfNoEntry: false });
        if (!stats) continue;
        found.add(path);
        if (this.#modules.get(path)?.mtimeMs === stats.mtimeMs) continue;
        const text = readFileSync(path, 'utf8');
        this.#modules.set(path, { mtimeMs: stats.mtimeMs, text, imports: importsIn(path, text) });
        this.#resolved = null;
      }
    }
    for (const path of this.#modules.keys()) {
      if (!found.has(path)) {
        this.#modules.delete(path);
        this.#resolved = null;
      }
    }
    this.#refreshedAt = Date.now();
  }

  /** Resolves every import, then finds the cycles: Tarjan's strongly connected components. */
  #graph() {
    if (this.#resolved) return this.#resolved;
    const imports = new Map();
    for (const [path, module] of this.#modules) {
      imports.set(
        path,
        specifiersOf(module.imports)
          .map((specifier) => this.resolve(path, specifier))
          .filter(Boolean),
      );
    }
    const order = new Map();
    const low = new Map();
    const open = [];
    const cycle = new Map();
    const visit = (module) => {
      order.set(module, order.size);
      low.set(module, order.get(module));
      open.push(module);
      for (const next of imports.get(module)) {
        if (!order.has(next)) visit(next);
        if (!cycle.has(next)) low.set(module, Math.min(low.get(module), low.get(next)));
      }
      if (low.get(module) === order.get(module)) {
        let member;
        do {
          member = open.pop();
          cycle.set(member, module);
        } while (member !== module);
      }
    };
    for (const module of imports.keys()) if (!order.has(module)) visit(module);
    this.#resolved = { imports, cycle };
    return this.#resolved;
  }
}

const graphs = new Map();

function graphFor(root, folders) {
  const key = [root, ...folders].join('\0');
  if (!graphs.has(key)) graphs.set(key, new ImportGraph(root, folders));
  return graphs.get(key);
}

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import that lies on an import cycle, type-only or not.' },
    schema: [
      {
        type: 'object',
        properties: {
          // The folders, relative to the project, whose modules make up the graph.
          folders: { type: 'array', items: { type: 'string' }, minItems: 1 },
        },
        required: ['folders'],
        additionalProperties: false,
      },
    ],
    messages: { cycle: "'{{specifier}}' closes an import cycle: {{cycle}}." },
  },
  create(context) {
    const file = context.physicalFilename;
    // Text linted under a name no file has cannot be on a cycle: nothing on
    // disk imports it.
    const root = moduleFile.test(file) && existsSync(file) ? projectOf(file) : null;
    if (!root) return {};
    const graph = graphFor(root, context.options[0].folders);
    if (!graph.covers(file)) return {};
    const { sourceCode } = context;
    const imports = graph.see(file, sourceCode.text);
    if (!imports) return {};
    return {
      Program() {
        for (const { specifier, start, end } of imports) {
          const imported = graph.resolve(file, specifier);
          const way = imported && graph.wayBack(imported, file);
          if (!way) continue;
          context.report({
            loc: { start: sourceCode.getLocFromIndex(start), end: sourceCode.getLocFromIndex(end) },
            messageId: 'cycle',
            data: { specifier, cycle: [relative(root, file), ...way].join(' → ') },
          });
        }
      },
    };
  },
};

export default { meta: { name: 'hearth' }, rules: { 'no-import-cycle': noImportCycle } };
