// The import graph of the project's TypeScript sources, read with TypeScript's own parser
// (comments and JSDoc examples are not imports), for the cycle and layering checks.
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import {dirname, join, relative, resolve, sep} from 'node:path';
import ts from 'typescript';

/** One `import`/`export … from`/`import()` of a module. */
export interface ImportEdge {
  /** The importing file, relative to the root, with `/` separators. */
  readonly from: string;
  /** The imported file relative to the root, or the package specifier when `external`. */
  readonly to: string;
  /** A package (not a relative path). */
  readonly external: boolean;
  /**
   * Erased when compiled: `import type`, `export type`, or a list whose every name is
   * marked `type` (esbuild drops those imports whole, so nothing of them runs).
   */
  readonly typeOnly: boolean;
  /** `import('…')`: loaded on demand, after every static import has run. */
  readonly dynamic: boolean;
  /** 1-based line of the import, for messages. */
  readonly line: number;
}

/** Every `.ts` file (not `.d.ts`) under `dirs`, relative to `root`, sorted. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(join(root, dir))) {
      const path = `${dir}/${name}`;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(path);
    }
  };
  for (const dir of dirs) walk(dir);
  return out.sort();
}

/**
 * The imports of each of `files` (paths relative to `root`). Relative specifiers are resolved
 * the way the sources write them (`./x.js` is `./x.ts`); one that names no file throws, so a
 * graph never silently misses an edge.
 *
 * @example
 * ```ts
 * const graph = moduleGraph(ROOT, sourceFiles(ROOT, ['src']));
 * graph.get('src/index.ts'); // [{from: 'src/index.ts', to: 'src/schema/index.ts', ...}, ...]
 * ```
 */
export function moduleGraph(root: string, files: readonly string[]): Map<string, ImportEdge[]> {
  const graph = new Map<string, ImportEdge[]>();
  for (const file of files) graph.set(file, importsOf(root, file));
  return graph;
}

function importsOf(root: string, file: string): ImportEdge[] {
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edges: ImportEdge[] = [];
  const add = (specifier: ts.Expression, typeOnly: boolean, dynamic: boolean): void => {
    if (!ts.isStringLiteralLike(specifier)) throw new Error(`${file}: an import whose specifier is not a string literal`);
    const text = specifier.text;
    const external = !text.startsWith('.');
    edges.push({
      from: file,
      to: external ? text : resolveRelative(root, file, text),
      external,
      typeOnly,
      dynamic,
      line: source.getLineAndCharacterOfPosition(specifier.getStart(source)).line + 1,
    });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      add(node.moduleSpecifier, isTypeOnlyImport(node.importClause), false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const clause = node.exportClause;
      const everyNameType = !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every(e => e.isTypeOnly);
      add(node.moduleSpecifier, node.isTypeOnly || everyNameType, false);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly, false);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier) add(specifier, false, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

function isTypeOnlyImport(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false; // `import './x.js'` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every(e => e.isTypeOnly);
}

function resolveRelative(root: string, file: string, specifier: string): string {
  const base = resolve(root, dirname(file), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, join(base, 'index.ts')];
  const found = candidates.find(path => existsSync(path) && statSync(path).isFile());
  if (!found) throw new Error(`${file}: '${specifier}' names no file`);
  return relative(root, found).split(sep).join('/');
}

/** The edges that run when a module is first evaluated: static, not erased, inside the graph. */
export function runtimeEdges(graph: ReadonlyMap<string, readonly ImportEdge[]>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [file, edges] of graph) {
    out.set(
      file,
      edges.filter(e => !e.external && !e.typeOnly && !e.dynamic && graph.has(e.to)).map(e => e.to),
    );
  }
  return out;
}

/**
 * Each import cycle of `edges`, as a path that starts and ends at the same file
 * (`['a.ts', 'b.ts', 'a.ts']`): one cycle per strongly connected group of files, found with
 * Tarjan's algorithm, so a tangle of several loops is reported once, by one of its loops.
 *
 * @example
 * ```ts
 * findCycles(new Map([['a.ts', ['b.ts']], ['b.ts', ['a.ts']]])); // [['a.ts', 'b.ts', 'a.ts']]
 * ```
 */
export function findCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (edges.get(node) ?? []).includes(node)) groups.push(group);
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node);
  return groups.map(group => loopThrough(edges, new Set(group)));
}

/** A shortest loop from the group's first file (by name) back to itself, inside the group. */
function loopThrough(edges: ReadonlyMap<string, readonly string[]>, group: ReadonlySet<string>): string[] {
  const start = [...group].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const next of edges.get(node) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  throw new Error(`no loop through ${start}`);
}
