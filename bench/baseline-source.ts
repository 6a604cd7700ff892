// The sources of an earlier commit, for benchmarks that compare the code with a baseline in one
// process (bench:requests, bench:live-write): `git archive` of src/ into .tmp, made once per commit.
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync} from 'node:fs';
import {join, resolve} from 'node:path';

/** The folder holding `src/` as it was at `rev` (extracted on first use). */
export function baselineSource(rev: string): string {
  const dir = resolve('.tmp', `bench-baseline-${rev}`);
  if (!existsSync(join(dir, 'src'))) {
    mkdirSync(dir, {recursive: true});
    const archive = execFileSync('git', ['archive', rev, 'src']);
    execFileSync('tar', ['-x', '-C', dir], {input: archive});
  }
  return dir;
}
