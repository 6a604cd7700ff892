// Runs `vite build` with this repository's vite.config.ts, for tests that check what a build emits.
import {spawn} from 'node:child_process';
import {join} from 'node:path';

/** `vite build ...args` in `root`; rejects with vite's error output when it fails. */
export function viteBuild(root: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', ...args, '--logLevel', 'error'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', chunk => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', code => (code === 0 ? resolve() : reject(new Error(`vite build ${args.join(' ')} exited with ${code}:\n${stderr}`))));
  });
}
