import { useEffect, useReducer, useState } from 'react';
import { createScriptCalls, type ScriptCalls } from './script-calls';
import { tenantSandbox } from './tenant-scripts';

/**
 * The widget's tenant function calls made while drawing ({@link createScriptCalls}), run in the
 * page's sandbox worker. The component draws again when answers arrive, unless `redraw` is false
 * (calls whose caller waits for them itself, as a chart's open tooltip does).
 */
export function useScriptCalls(redraw = true): ScriptCalls {
  const [, drawAgain] = useReducer((n: number) => n + 1, 0);
  const [calls] = useState(() =>
    createScriptCalls(
      (jobs) => tenantSandbox().run(jobs),
      () => {
        if (redraw) drawAgain();
      },
    ),
  );
  useEffect(() => {
    calls.setActive(true);
    return () => calls.setActive(false);
  }, [calls]);
  return calls;
}
