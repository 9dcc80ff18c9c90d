import type { BulkAction, BulkActionResult } from '@meridian/common';

/**
 * What a bulk action on a selection came to, as one sentence for the table's report line:
 * "Deleted 3 of 5. Not deleted: Device 7 (You don't have permission…), Device 9 (…)".
 */

/** Failed entities named in the report; the rest are counted. */
const NAMED_FAILURES = 3;

/** Runs `run` on each entity (one request each) and counts the outcome like the bulk endpoints do. */
export async function settleEach<T extends { id: { id: string; entityType?: string } }>(
  entities: readonly T[],
  run: (entity: T) => Promise<unknown>,
): Promise<BulkActionResult> {
  const results = await Promise.allSettled(entities.map((entity) => run(entity)));
  const failures = results.flatMap((result, index) => {
    const entity = entities[index];
    if (result.status === 'fulfilled' || !entity) return [];
    const error = result.reason as { status?: number; errorCode?: number | null; message?: string };
    return [
      {
        entityId: {
          entityType: entity.id.entityType ?? '',
          id: entity.id.id,
        } as BulkActionResult['failures'][number]['entityId'],
        status: error.status ?? 0,
        errorCode: error.errorCode ?? 0,
        message: error.message ?? String(result.reason),
      },
    ];
  });
  return { total: entities.length, succeeded: entities.length - failures.length, failures };
}

/** The report line of an outcome with failures; null when everything succeeded. */
export function bulkFailureText(
  t: (key: string, options?: Record<string, unknown>) => string,
  action: BulkAction,
  result: BulkActionResult,
  nameOf: (id: string) => string | undefined,
): string | null {
  if (result.failures.length === 0) return null;
  const named = result.failures
    .slice(0, NAMED_FAILURES)
    .map((failure) => `${nameOf(failure.entityId.id) ?? failure.entityId.id} (${failure.message})`);
  const more = result.failures.length - named.length;
  if (more > 0) named.push(t('entity.bulk-more-failures', { count: more }));
  return t(`entity.bulk-${action}-failed`, {
    succeeded: result.succeeded,
    total: result.total,
    failures: named.join(', '),
  });
}
