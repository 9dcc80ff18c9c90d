export const serverEntry: string;
export function freePort(): Promise<number>;
export function startServer(options?: {
  dataDir?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<{
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  readyMs: number;
  logs: string[];
  stop: () => Promise<void>;
}>;
