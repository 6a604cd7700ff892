// What a page loads before it runs an app bundled with code splitting: the entry chunk and the
// chunks it imports statically (transitively). Chunks reached only by `import()` (such as
// the provider's persistence and tab sync) load when asked for, so a size budget leaves them out.
import type {BuildResult, Metafile, OutputFile} from 'esbuild';

/** The initial and the on-demand output files of a `splitting: true` esbuild build with one entry point. */
export interface SplitOutputs {
  readonly initial: readonly {path: string; text: string; inputs: Metafile['outputs'][string]['inputs']}[];
  readonly onDemand: readonly {path: string; text: string}[];
}

/** Splits the outputs of `result` (built with `metafile: true`, `write: false`) into what loads first and what loads on demand. */
export function splitOutputs(result: BuildResult<{metafile: true; write: false}>): SplitOutputs {
  const outputs = result.metafile.outputs;
  const text = new Map<string, string>(result.outputFiles.map((file: OutputFile) => [file.path, file.text]));
  const textOf = (relative: string) => [...text].find(([path]) => path.endsWith(`/${relative}`))?.[1] ?? '';
  const js = Object.keys(outputs).filter(path => path.endsWith('.js'));
  // esbuild gives an entryPoint to the chunks of import() targets too: the page's entries are the others.
  const loadedOnDemand = new Set(js.flatMap(path => outputs[path]!.imports.filter(i => i.kind === 'dynamic-import').map(i => i.path)));
  const entries = js.filter(path => outputs[path]!.entryPoint && !loadedOnDemand.has(path));
  const initial = new Set<string>();
  const visit = (path: string) => {
    if (initial.has(path)) return;
    initial.add(path);
    for (const imported of outputs[path]!.imports) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  entries.forEach(visit);
  return {
    initial: [...initial].map(path => ({path, text: textOf(path), inputs: outputs[path]!.inputs})),
    onDemand: js.filter(path => !initial.has(path)).map(path => ({path, text: textOf(path)})),
  };
}
