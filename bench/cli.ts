// Command-line flags shared by the benchmark scripts: `--name` and `--name=value`.
const argv = process.argv.slice(2);

/** Whether `--name` was given. */
export const flag = (name: string): boolean => argv.includes(`--${name}`);

/** The value of `--name=value`, if given. */
export const option = (name: string): string | undefined => argv.find(a => a.startsWith(`--${name}=`))?.slice(name.length + 3);
