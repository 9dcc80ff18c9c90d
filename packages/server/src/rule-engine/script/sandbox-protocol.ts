/**
 * Messages between the script engine (main thread) and a sandbox worker. Values cross as JSON
 * text only: no host object ever reaches a script, and nothing a script makes reaches the host
 * except the text of its result.
 */

export interface SandboxLimits {
  /** Wall time one compile or invocation may take, in milliseconds. */
  timeLimitMs: number;
  /** Heap of one tenant's QuickJS runtime, in bytes (all of that tenant's scripts together). */
  memoryLimitBytes: number;
  /** QuickJS's own stack limit, in bytes (deep recursion fails with "stack overflow"). */
  maxStackBytes: number;
}

export type SandboxRequest =
  | {
      op: 'compile';
      id: number;
      scriptId: number;
      tenantId: string;
      body: string;
      argNames: readonly string[];
    }
  | { op: 'invoke'; id: number; scriptId: number; argsJson: string }
  | { op: 'release'; scriptId: number };

export type SandboxFailureKind = 'compile' | 'runtime' | 'timeout' | 'memory';

export type SandboxReply =
  | { id: number; ok: true; resultJson: string }
  | {
      id: number;
      ok: false;
      kind: SandboxFailureKind;
      message: string;
      line?: number;
      column?: number;
    };

/** The reply body without its request id. */
export type SandboxOutcome =
  | { ok: true; resultJson: string }
  | { ok: false; kind: SandboxFailureKind; message: string; line?: number; column?: number };
