// Types of live-server.mjs for the TypeScript tests.
export interface LoggedMessage {
  id: string | undefined;
  event: string;
  data: unknown;
  raw?: string;
}
export interface ConnectionRecord {
  transport: 'sse' | 'ws';
  lastEventId: string | undefined;
  resumedVia: 'header' | 'query' | undefined;
}
export declare class LiveServer {
  log: LoggedMessage[];
  articles: Map<string, unknown>;
  connections: ConnectionRecord[];
  articleRequests: number;
  articleRequestsById: Map<string, number>;
  resumeOverlap: number;
  port: number;
  static start(): Promise<LiveServer>;
  get origin(): string;
  get wsOrigin(): string;
  get openConnections(): {sse: number; ws: number};
  whenOpen(transport: 'sse' | 'ws', count: number): Promise<void>;
  publish(event: string, data: unknown): string;
  publishUnnumbered(event: string, data: unknown): void;
  burst(count: number, make: (i: number) => {event: string; data: unknown}, options?: {oneFrame?: boolean}): string[];
  malformed(event: string, raw: string): string;
  binary(bytes: Uint8Array): void;
  resend(id: string): void;
  drop(): void;
  restart(): Promise<number>;
  close(): Promise<void>;
}
export declare function liveServerMiddleware(): {
  middleware(ctx: unknown, next: () => Promise<unknown>): Promise<unknown>;
  closeAll(): Promise<void>;
};
