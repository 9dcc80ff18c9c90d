import {
  type BulkAction,
  type BulkActionFailure,
  type BulkActionResult,
  type EntityId,
  type EntityType,
  ErrorCode,
} from '@meridian/common';
import type { Principal } from '../../auth/principal.js';
import { ApiError } from '../../http/api-error.js';

/** One entity's action, as the single-entity service does it (its own transaction, audit, checks). */
export type EntityAction = (principal: Principal, id: string, customerId: string) => Promise<unknown>;

/** The entity types each action supports, wired in app.ts from the entity services. */
export type BulkHandlers = Record<BulkAction, Partial<Record<EntityType, EntityAction>>>;

/**
 * Runs a bulk action entity by entity, each through the same service method (and so the same
 * access policy, transaction and audit entry) as its single-entity endpoint. A failure is
 * recorded with the error that endpoint would answer and the next entity goes on; errors that
 * are not the client's are logged and reported as 500 for that entity only.
 */
export class BulkActionsService {
  constructor(
    private readonly handlers: BulkHandlers,
    private readonly log: { error(obj: object, msg: string): void },
  ) {}

  async run(
    principal: Principal,
    action: BulkAction,
    entityIds: readonly EntityId[],
    customerId = '',
  ): Promise<BulkActionResult> {
    const distinct = new Map(
      entityIds.map((entityId) => [`${entityId.entityType}:${entityId.id}`, entityId]),
    );
    const failures: BulkActionFailure[] = [];
    let succeeded = 0;
    for (const entityId of distinct.values()) {
      const handler = this.handlers[action][entityId.entityType];
      try {
        if (!handler) {
          throw new ApiError(
            ErrorCode.BAD_REQUEST_PARAMS,
            `Entities of type ${entityId.entityType} cannot be ${action === 'delete' ? 'deleted' : `${action}ed`} in bulk`,
          );
        }
        await handler(principal, entityId.id, customerId);
        succeeded++;
      } catch (error) {
        if (error instanceof ApiError) {
          failures.push({
            entityId,
            status: error.status,
            errorCode: error.errorCode,
            message: error.message,
          });
        } else {
          this.log.error({ err: error, entityId, action }, 'bulk action failed for an entity');
          failures.push({
            entityId,
            status: 500,
            errorCode: ErrorCode.GENERAL,
            message: 'Internal server error',
          });
        }
      }
    }
    return { total: distinct.size, succeeded, failures };
  }
}
