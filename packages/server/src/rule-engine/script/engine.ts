import type { JsonValue } from '@meridian/common';

/**
 * Tenant scripts (filter, switch, transform, generator, log, alarm details, to email): function
 * bodies compiled once per node and run in an isolate with memory and time limits.
 */
export interface ScriptEngine {
  /**
   * Compiles `function (<argNames>) { <body> }` for a tenant. Throws ScriptCompileError with the
   * line and column of a syntax error.
   */
  compile(tenantId: string, body: string, argNames: readonly string[]): Promise<CompiledScript>;
}

export interface CompiledScript {
  /**
   * Calls the function with JSON arguments and answers its JSON result (`undefined` becomes null).
   * Throws ScriptRuntimeError when the script throws, ScriptTimeoutError past the time limit and
   * ScriptMemoryError past the memory limit; none of them harms other scripts.
   */
  invoke(args: readonly JsonValue[]): Promise<JsonValue>;
  release(): void;
}

export class ScriptError extends Error {}
export class ScriptCompileError extends ScriptError {
  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }
}
export class ScriptRuntimeError extends ScriptError {}
export class ScriptTimeoutError extends ScriptError {}
export class ScriptMemoryError extends ScriptError {}
