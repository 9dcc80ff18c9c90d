import type { JsonObject } from '@meridian/common';
import { entityFieldsOf } from '../entity-label';
import type { DatasourceData } from '../widget-definition';

/**
 * The reference's markdown card text function (`useMarkdownTextFunction`,
 * `markdownTextFunction`, `function (data, ctx)`): it returns the card's markdown, whose `${...}`
 * placeholders are then filled as the pattern's are. It runs in the sandbox worker.
 */

export const MARKDOWN_FUNCTION_ARGS = ['data', 'ctx'];

/** The function's body, when the settings turn it on. */
export function markdownFunctionOf(settings: JsonObject | undefined): string | undefined {
  const body = settings?.markdownTextFunction;
  return settings?.useMarkdownTextFunction === true && typeof body === 'string' && body.trim() !== ''
    ? body
    : undefined;
}

/**
 * The reference's `data` argument (its formatted data): one object per entity of each datasource,
 * with the entity's fields, the datasource's index and each key's latest value by label.
 */
export function markdownFunctionData(data: readonly DatasourceData[]): Record<string, unknown>[] {
  return data.flatMap((source, dsIndex) =>
    source.entities.map((values) => {
      const row: Record<string, unknown> = {
        ...entityFieldsOf(values.entity, source.datasource.aliasName),
        dsIndex,
      };
      source.dataKeys.forEach((dataKey, index) => {
        row[dataKey.label || dataKey.name] = values.latest[index]?.value ?? '';
      });
      return row;
    }),
  );
}
