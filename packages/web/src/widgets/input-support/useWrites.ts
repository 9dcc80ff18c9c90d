import type { EntityId, JsonValue } from '@meridian/common';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useServices } from '../../app/services/useServices';
import type { WriteResult } from './ResultMessage';
import { serverMessageOf, type WriteTarget, writeValues } from './write-target';

/** One request of a save: the values of one entity for one target. */
export interface WriteRequest {
  entityId: EntityId;
  target: WriteTarget;
  values: Record<string, JsonValue>;
}

export interface Writes {
  /** Sends the requests together; resolves true when all succeeded. */
  run: (requests: readonly WriteRequest[]) => Promise<boolean>;
  pending: boolean;
  /** The last outcome; success is kept only when the widget shows it (`showResultMessage`). */
  result: WriteResult;
  clearResult: () => void;
  /** Shows a failure that happened before any request (a tenant set-value function that threw). */
  fail: (error: unknown) => void;
}

/** The writes of an input widget, with its busy flag and the outcome to show. */
export function useWrites(showSuccess: boolean): Writes {
  const { http } = useServices();
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<WriteResult>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const run = useCallback(
    async (requests: readonly WriteRequest[]) => {
      setPending(true);
      setResult(null);
      try {
        await Promise.all(requests.map((r) => writeValues(http, r.entityId, r.target, r.values)));
        if (live.current) setResult(showSuccess ? { ok: true } : null);
        return true;
      } catch (error) {
        if (live.current) setResult({ ok: false, message: serverMessageOf(error) });
        return false;
      } finally {
        if (live.current) setPending(false);
      }
    },
    [http, showSuccess],
  );
  const clearResult = useCallback(() => setResult(null), []);
  const fail = useCallback((error: unknown) => setResult({ ok: false, message: serverMessageOf(error) }), []);
  return { run, pending, result, clearResult, fail };
}
