import type { EntityEvent, EventType, PageData } from '@meridian/common';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/store.js';
import { badRequest, forbidden, notFound } from '../../http/api-error.js';
import { RESOLVABLE_ENTITY_TYPES, requireEntityAccess } from '../entities/owner.js';
import { EventFilterError, type ParsedEventFilter, parseEventFilter } from './filter.js';
import type { EventSelection, EventsRepo } from './repo.js';
import type { EventEntityInput, EventsPageInput } from './schemas.js';

function filterOf(body: unknown): ParsedEventFilter {
  try {
    return parseEventFilter(body);
  } catch (error) {
    if (error instanceof EventFilterError) throw badRequest(error.message);
    throw error;
  }
}

/** Requests without a body, or with an empty one, clear every type. */
const isEmptyBody = (body: unknown) =>
  body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0);

/**
 * EventController (reference §1.3): the events of one entity, as far as the caller may read that
 * entity. Events are always looked up within one tenant, so a caller never sees another tenant's
 * events even for an id it guessed.
 */
export class EventsService {
  constructor(
    private readonly db: Db,
    private readonly repo: EventsRepo,
  ) {}

  /**
   * The tenant whose events of the entity the caller reads: its own, after checking READ on the
   * entity. A system administrator names the tenant (`tenantId`), else the entity's owner counts.
   * Rule chains and rule nodes, which the owner resolver does not know yet, are their tenant
   * administrator's only: the lookup is bounded to the caller's tenant anyway.
   */
  private async tenantFor(principal: Principal, ref: EventEntityInput, requested?: string): Promise<string> {
    if ((RESOLVABLE_ENTITY_TYPES as readonly string[]).includes(ref.entityType)) {
      const owner = await requireEntityAccess(this.db, principal, 'READ', {
        entityType: ref.entityType,
        id: ref.entityId,
      });
      if (principal.authority === 'SYS_ADMIN') return requested ?? owner.tenantId;
      return principal.tenantId;
    }
    if (principal.authority === 'TENANT_ADMIN') return principal.tenantId;
    throw forbidden();
  }

  private async selection(
    principal: Principal,
    ref: EventEntityInput,
    query: { startTime?: number; endTime?: number; tenantId?: string },
    filter: { eventType?: EventType; conditions?: ParsedEventFilter['conditions'] },
  ): Promise<EventSelection> {
    return {
      tenantId: await this.tenantFor(principal, ref, query.tenantId),
      entityId: ref.entityId,
      eventType: filter.eventType,
      conditions: filter.conditions ?? [],
      startTime: query.startTime,
      endTime: query.endTime,
    };
  }

  /** `GET /api/events/{entityType}/{entityId}[/{eventType}]`. */
  async page(
    principal: Principal,
    ref: EventEntityInput,
    eventType: EventType | undefined,
    query: EventsPageInput,
  ): Promise<PageData<EntityEvent>> {
    const selection = await this.selection(principal, ref, query, { eventType });
    return this.repo.page(selection, query);
  }

  /** `POST /api/events/{entityType}/{entityId}` with an EventFilter. */
  async pageFiltered(
    principal: Principal,
    ref: EventEntityInput,
    filterBody: unknown,
    query: EventsPageInput,
  ): Promise<PageData<EntityEvent>> {
    const filter = filterOf(filterBody);
    const selection = await this.selection(principal, ref, query, filter);
    return this.repo.page(selection, query);
  }

  /** `POST /api/events/{entityType}/{entityId}/clear`: deletes the filtered events in the time range. */
  async clear(
    principal: Principal,
    ref: EventEntityInput,
    filterBody: unknown,
    query: { startTime?: number; endTime?: number; tenantId?: string },
  ): Promise<number> {
    const filter = isEmptyBody(filterBody) ? {} : filterOf(filterBody);
    const selection = await this.selection(principal, ref, query, filter);
    return this.repo.delete(selection);
  }

  /** `GET /api/ruleNode/{ruleNodeId}/debugIn`: the body of the node's newest IN debug event. */
  /** The newest IN debug event of a node of the caller's tenant; another tenant's node is not found. */
  async latestDebugIn(principal: Principal, ruleNodeId: string): Promise<unknown> {
    const node = await this.db
      .selectFrom('ruleNode')
      .innerJoin('ruleChain', 'ruleChain.id', 'ruleNode.ruleChainId')
      .select('ruleChain.tenantId')
      .where('ruleNode.id', '=', ruleNodeId)
      .executeTakeFirst();
    if (!node || node.tenantId !== principal.tenantId) throw notFound();
    return this.repo.latestDebugIn(principal.tenantId, ruleNodeId);
  }
}
