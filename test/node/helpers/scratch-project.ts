// Scratch projects that install the packed package as a user's project does (see
// scripts/pack-package.mjs for the tarball).
import {execFileSync} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import {join} from 'node:path';

/**
 * `npm install` in `dir`. Packages already in npm's cache (the versions this repository
 * installed, and those of an earlier run) come from it; the others from the registry.
 * Install scripts stay off, as npm 11 leaves them by default.
 */
export function npmInstall(dir: string, ...packages: string[]): void {
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', ...packages], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Writes `dir/package.json` for a private ES module project with these dependencies. */
export function writeProject(dir: string, dependencies: Record<string, string>): void {
  writeFileSync(join(dir, 'package.json'), JSON.stringify({name: 'consumer', private: true, type: 'module', dependencies}, null, 2));
}
