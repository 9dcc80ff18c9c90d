import { type ReactNode, useCallback, useRef } from 'react';
import type { EntityActionContext } from './types';

/**
 * Importing an entity from a JSON file (profiles exported by Export): `start(context)` opens the
 * file picker; the chosen file is parsed, saved, and the table refreshed. A file that does not
 * parse is reported with `invalidFile`; a refused save is shown by the HTTP client.
 */
export function useJsonFileImport<T>(options: {
  parse: (text: string) => T | null;
  save: (entity: T) => Promise<unknown>;
  invalidFile: () => void;
  testId: string;
}): { start: (context: EntityActionContext) => void; input: ReactNode } {
  const context = useRef<EntityActionContext | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);

  const importFile = async (file: File) => {
    const entity = options.parse(await file.text());
    if (!entity) {
      options.invalidFile();
      return;
    }
    try {
      await options.save(entity);
      context.current?.refresh();
    } catch {
      // Shown by the HTTP client.
    }
  };

  const input = (
    <input
      ref={fileInput}
      type="file"
      accept=".json,application/json"
      hidden
      data-testid={options.testId}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) {
          void importFile(file);
        }
      }}
    />
  );
  // Stable, so table configs memoized without it as a dependency keep working.
  const start = useCallback((actionContext: EntityActionContext) => {
    context.current = actionContext;
    fileInput.current?.click();
  }, []);
  return { start, input };
}
