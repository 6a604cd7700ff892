export const DEV_MODE_MODULE: string;
export function devModeModule(enabled: boolean): string;
export function withoutDevMode(code: string): string | undefined;
