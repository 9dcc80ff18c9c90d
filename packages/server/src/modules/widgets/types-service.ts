import type { WidgetTypeDetails, WidgetTypeInfo, WidgetTypeRecord } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import { badRequest, notFound } from '../../http/api-error.js';
import { loadWidgetType, ownerTarget, ownTenantOf, widgetsTarget } from './access.js';
import { aliasOf, freeAlias } from './aliases.js';
import {
  type WidgetsRepo,
  type WidgetTypeRow,
  widgetTypeDetailsToWire,
  widgetTypeInfoToWire,
  widgetTypeToWire,
} from './repo.js';
import type { BundleTypesInput, WidgetTypeByAliasInput, WidgetTypeInput } from './schemas.js';

export const WIDGET_TYPE_MESSAGES = {
  nameRequired: 'Widgets type name should be specified!',
  bundleAliasRequired: 'Widgets type bundle alias should be specified!',
  descriptorEmpty: "Widgets type descriptor can't be empty!",
  unknownBundle: 'Widget type is referencing to non-existent widgets bundle!',
  bundleAliasChange: 'Update of widget type bundle alias is prohibited!',
  aliasChange: 'Update of widget type alias is prohibited!',
} as const;

/**
 * Jackson's `JsonNode.size()` is 0 for an empty object or array and for every value that is not a
 * container: the reference refuses all of these as a descriptor.
 */
function isEmptyDescriptor(descriptor: unknown): boolean {
  if (Array.isArray(descriptor)) return descriptor.length === 0;
  if (typeof descriptor === 'object' && descriptor !== null) return Object.keys(descriptor).length === 0;
  return true;
}

/**
 * Widget types: the rules of WidgetTypeController and WidgetTypeServiceImpl. A type belongs to a
 * bundle of its owner by the bundle's alias. No audit entries, as in the reference.
 */
export class WidgetTypesService {
  constructor(private readonly repo: WidgetsRepo) {}

  async get(principal: Principal, id: string): Promise<WidgetTypeDetails> {
    return widgetTypeDetailsToWire(await loadWidgetType(this.repo, principal, id, 'READ'));
  }

  /**
   * GET /api/widgetType?isSystem&bundleAlias&alias: how dashboards find their widgets' types. A
   * non-system lookup is in the caller's own tenant only, so no tenant reaches another's types.
   */
  async getByAlias(principal: Principal, query: WidgetTypeByAliasInput): Promise<WidgetTypeRecord> {
    const row = await this.repo.findType(this.ownerOf(principal, query), query.bundleAlias, query.alias);
    if (!row) throw notFound();
    requireAccess(principal, 'READ', 'WIDGET_TYPE', widgetsTarget(row));
    return widgetTypeToWire(row);
  }

  /** GET /api/widgetTypes: the types of a bundle, as WidgetType JSON. */
  async bundleTypes(principal: Principal, query: BundleTypesInput): Promise<WidgetTypeRecord[]> {
    return (await this.typesOf(principal, query)).map(widgetTypeToWire);
  }

  /** GET /api/widgetTypesDetails. */
  async bundleTypesDetails(principal: Principal, query: BundleTypesInput): Promise<WidgetTypeDetails[]> {
    return (await this.typesOf(principal, query)).map(widgetTypeDetailsToWire);
  }

  /** GET /api/widgetTypesInfos. */
  async bundleTypesInfos(principal: Principal, query: BundleTypesInput): Promise<WidgetTypeInfo[]> {
    return (await this.typesOf(principal, query)).map(widgetTypeInfoToWire);
  }

  /**
   * POST /api/widgetType. The owner is always the caller's; a new type needs a bundle of that
   * owner with its bundle alias and gets an alias from its name when it has none, unique within the
   * bundle. An update keeps the bundle and alias, and needs WRITE on the stored type.
   */
  async save(principal: Principal, input: WidgetTypeInput): Promise<WidgetTypeDetails> {
    const tenantId = ownTenantOf(principal);
    const stored = input.id ? await loadWidgetType(this.repo, principal, input.id.id, 'WRITE') : undefined;
    if (!stored) requireAccess(principal, 'CREATE', 'WIDGET_TYPE', ownerTarget(tenantId));
    const { name, bundleAlias } = input;
    if (!name?.trim()) throw badRequest(WIDGET_TYPE_MESSAGES.nameRequired);
    if (!bundleAlias?.trim()) throw badRequest(WIDGET_TYPE_MESSAGES.bundleAliasRequired);
    if (isEmptyDescriptor(input.descriptor)) throw badRequest(WIDGET_TYPE_MESSAGES.descriptorEmpty);
    const keep = <K extends 'image' | 'description'>(key: K) =>
      input[key] === undefined ? (stored?.[key] ?? null) : input[key];
    const values = { name, image: keep('image'), description: keep('description') };
    const descriptor = JSON.stringify(input.descriptor);
    if (stored) {
      if (bundleAlias !== stored.bundleAlias) throw badRequest(WIDGET_TYPE_MESSAGES.bundleAliasChange);
      if (input.alias !== undefined && input.alias !== stored.alias) {
        throw badRequest(WIDGET_TYPE_MESSAGES.aliasChange);
      }
      await this.repo.updateType(stored.id, { ...values, descriptor });
      return widgetTypeDetailsToWire({ ...stored, ...values, descriptor: input.descriptor });
    }
    if (!(await this.repo.findBundleByAlias(tenantId, bundleAlias))) {
      throw badRequest(WIDGET_TYPE_MESSAGES.unknownBundle);
    }
    const wanted = input.alias?.trim() ? input.alias : aliasOf(name);
    const alias = await freeAlias(
      wanted,
      async (candidate) => (await this.repo.findType(tenantId, bundleAlias, candidate)) !== undefined,
    );
    const row: WidgetTypeRow = {
      id: uuidv1(),
      createdTime: Date.now(),
      tenantId,
      bundleAlias,
      alias,
      ...values,
      descriptor: input.descriptor,
    };
    await this.repo.insertType({ ...row, descriptor });
    return widgetTypeDetailsToWire(row);
  }

  /** DELETE /api/widgetType/{id}. */
  async delete(principal: Principal, id: string): Promise<void> {
    const row = await loadWidgetType(this.repo, principal, id, 'DELETE');
    await this.repo.deleteType(row.id);
  }

  private typesOf(principal: Principal, query: BundleTypesInput): Promise<WidgetTypeRow[]> {
    requireAccess(principal, 'READ', 'WIDGET_TYPE');
    return this.repo.listTypes(this.ownerOf(principal, query), query.bundleAlias);
  }

  /** The reference looks in the system tenant for `isSystem=true`, else in the caller's tenant. */
  private ownerOf(principal: Principal, query: { isSystem: boolean }): string | null {
    return query.isSystem ? null : ownTenantOf(principal);
  }
}
