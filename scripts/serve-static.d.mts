import type {Server} from 'node:http';
export declare function serveStatic(dir: string, options?: {port?: number; base?: string}): Promise<Server>;
