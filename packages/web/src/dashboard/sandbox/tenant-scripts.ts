import type { ActionJob, DashboardCommand } from './protocol';
import {
  createTenantSandbox,
  DEFAULT_SCRIPT_TIMEOUT_MS,
  type TenantSandbox,
  type WorkerLike,
} from './sandbox-client';

/**
 * The page's one tenant script sandbox (ADR 0026), created on first use. Tests replace how its
 * worker is made with {@link setSandboxWorkerFactory} (jsdom has no Worker).
 */

const spawnModuleWorker = (): WorkerLike =>
  new Worker(new URL('./tenant-script.worker.ts', import.meta.url), {
    type: 'module',
    name: 'tenant-scripts',
  }) as unknown as WorkerLike;

let spawn: () => WorkerLike = spawnModuleWorker;
let shared: TenantSandbox | null = null;

export function tenantSandbox(): TenantSandbox {
  shared ??= createTenantSandbox(spawn);
  return shared;
}

/** Replaces the worker factory (tests); the next use starts a sandbox with it. */
export function setSandboxWorkerFactory(factory: (() => WorkerLike) | null): void {
  shared?.dispose();
  shared = null;
  spawn = factory ?? spawnModuleWorker;
}

/**
 * Runs a tenant function body in the sandbox worker with the named arguments (structured-
 * cloneable values only) and resolves with what it returns (awaited if it is a promise). Rejects
 * with the function's error, or when it runs over `timeoutMs`. For custom widget actions and the like.
 */
export async function runTenantFunction(
  body: string,
  argNames: string[],
  args: unknown[],
  timeoutMs = DEFAULT_SCRIPT_TIMEOUT_MS,
): Promise<unknown> {
  const [result] = await tenantSandbox().run([{ kind: 'call', body, argNames, args }], timeoutMs);
  if (!result) throw new Error('Script sandbox gave no result');
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

/**
 * Runs a custom widget action in the sandbox worker and resolves with what it asks of the
 * dashboard (open or update a state, navigate); rejects with the action's error or a timeout.
 */
export async function runCustomAction(
  job: Omit<ActionJob, 'kind'>,
  timeoutMs = DEFAULT_SCRIPT_TIMEOUT_MS,
): Promise<DashboardCommand[]> {
  const [result] = await tenantSandbox().run([{ kind: 'action', ...job }], timeoutMs);
  if (!result) throw new Error('Script sandbox gave no result');
  if (!result.ok) throw new Error(result.error);
  return Array.isArray(result.value) ? (result.value as DashboardCommand[]) : [];
}
