// The esbuild side of the development-mode switch (scripts/dev-mode.mjs), for the benchmarks
// and the size report: they measure what users ship, the production build.
import type {Plugin} from 'esbuild';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {DEV_MODE_MODULE, devModeModule, withoutDevMode} from '../scripts/dev-mode.mjs';
import {renamePrivateMembers, type RenamedFile} from '../scripts/private-names.mjs';
import {ROOT} from './report.js';

let renamed: Map<string, RenamedFile> | undefined;

/**
 * Builds our sources as vite.config.ts does: production drops every `if (DEV_MODE)` branch and
 * gives the classes' private members short names (scripts/private-names.mjs).
 */
export function devModePlugin(enabled: boolean): Plugin {
  const switchFile = join(ROOT, DEV_MODE_MODULE);
  return {
    name: 'dev-mode',
    setup(b) {
      b.onLoad({filter: /\.ts$/}, args => {
        if (args.path === switchFile) return {contents: devModeModule(enabled), loader: 'ts'};
        if (enabled || !args.path.startsWith(ROOT) || args.path.includes('/node_modules/')) return undefined;
        renamed ??= renamePrivateMembers(ROOT);
        const source = renamed.get(args.path)?.code;
        const text = source ?? readFileSync(args.path, 'utf8');
        const stripped = withoutDevMode(text);
        return stripped === undefined && source === undefined ? undefined : {contents: stripped ?? text, loader: 'ts'};
      });
    },
  };
}
