import type { JsonValue } from '@meridian/common';
import {
  type CompiledScript,
  type ScriptEngine,
  ScriptRuntimeError,
} from '../../rule-engine/script/engine.js';

/** The reference's error when a tenant's JS executions reached their monthly limit. */
export const JS_DISABLED_MESSAGE = 'JS Execution is disabled due to API limits!';

export interface ScriptUsage {
  enabled(tenantId: string, feature: 'JS'): boolean;
  report(tenantId: string, record: 'JS_EXEC_COUNT'): void;
}

/**
 * Tenant scripts that count against the tenant's monthly JS executions: each call counts, and a
 * call once the limit is reached fails (the message goes to Failure with the reference's error).
 */
export class UsageCountedScripts implements ScriptEngine {
  constructor(
    private readonly inner: ScriptEngine,
    private readonly usage: ScriptUsage,
  ) {}

  async compile(tenantId: string, body: string, argNames: readonly string[]): Promise<CompiledScript> {
    const compiled = await this.inner.compile(tenantId, body, argNames);
    const usage = this.usage;
    return {
      invoke(args: readonly JsonValue[]): Promise<JsonValue> {
        if (!usage.enabled(tenantId, 'JS'))
          return Promise.reject(new ScriptRuntimeError(JS_DISABLED_MESSAGE));
        usage.report(tenantId, 'JS_EXEC_COUNT');
        return compiled.invoke(args);
      },
      release: () => compiled.release(),
    };
  }
}
