import { bulkImportRowDiffers } from '@meridian/common';
import type { Updateable } from 'kysely';
import { v1 as uuidv1 } from 'uuid';
import { jsonText } from '../../db/json-column.js';
import type { AssetTable } from '../../db/schema.js';
import { type AssetRow, assetToWire } from '../assets/repo.js';
import { ASSET_MESSAGES } from '../assets/service.js';
import { entityLimitMessage } from '../tenant-profiles/limits.js';
import {
  additionalInfoOf,
  type BasePlan,
  type ImportContext,
  type Importer,
  text,
  unique,
  updateGrouped,
} from './importer.js';
import { entityFields, RowError } from './rows.js';

interface AssetState {
  byName: Map<string, AssetRow>;
  remaining: number | undefined;
}

export interface AssetPlan extends BasePlan {
  op: 'create' | 'update' | 'same';
  row: AssetRow;
  changes: Updateable<AssetTable> | undefined;
}

const ASSET_CASTS = { additionalInfo: 'jsonb' } as const;

/** Asset rows (reference AssetBulkImportService): a new asset needs a type; no credentials, no gateway flag. */
export function assetImporter(ctx: ImportContext): Importer<AssetState, AssetPlan> {
  const { db, repo, principal, update, limit } = ctx;
  const tenantId = principal.tenantId;
  return {
    entityType: 'ASSET',

    prepare: (importRow) => {
      const { gateway: _gateway, ...fields } = entityFields(importRow, ASSET_MESSAGES.nameRequired);
      if (fields.type !== undefined && !fields.type.trim()) throw new RowError(ASSET_MESSAGES.typeRequired);
      return { line: importRow.lineNumber, fields, credentials: undefined, kvs: importRow.kvs };
    },

    load: async (rows) => {
      const assets = await repo.assetsByName(db, tenantId, unique(rows.map((r) => r.fields.name)));
      return {
        byName: new Map(assets.map((a) => [a.name, a])),
        remaining: limit === undefined ? undefined : limit - (await repo.count(db, 'asset', tenantId)),
      };
    },

    plan: async (row, state) => {
      const { fields } = row;
      const stored = state.byName.get(fields.name);
      if (stored && !update) throw new RowError(ASSET_MESSAGES.nameTaken);
      if (!stored) {
        if (fields.type === undefined) throw new RowError(ASSET_MESSAGES.typeRequired);
        if (state.remaining !== undefined) {
          if (state.remaining <= 0) throw new RowError(entityLimitMessage('ASSET', limit ?? 0));
          state.remaining -= 1;
        }
        const asset: AssetRow = {
          id: uuidv1(),
          createdTime: Date.now(),
          tenantId,
          customerId: null,
          name: fields.name,
          type: fields.type,
          label: fields.label ?? null,
          additionalInfo: additionalInfoOf(undefined, fields, false),
        };
        state.byName.set(asset.name, asset);
        return {
          op: 'create',
          line: row.line,
          entityId: asset.id,
          name: asset.name,
          customerId: null,
          kvs: row.kvs,
          counted: 'created',
          audit: 'ADDED',
          row: asset,
          changes: undefined,
          wire: () => assetToWire(asset),
        };
      }
      const base = {
        line: row.line,
        entityId: stored.id,
        name: stored.name,
        customerId: stored.customerId,
        kvs: row.kvs,
        counted: 'updated' as const,
      };
      const info = stored.additionalInfo as Record<string, unknown> | null;
      if (!bulkImportRowDiffers({ type: stored.type, label: stored.label, additionalInfo: info }, fields)) {
        return {
          ...base,
          op: 'same',
          audit: null,
          row: stored,
          changes: undefined,
          wire: () => assetToWire(stored),
        };
      }
      const changes: Updateable<AssetTable> = {};
      const after: AssetRow = { ...stored };
      if (fields.type !== undefined && fields.type !== stored.type) {
        after.type = fields.type;
        changes.type = fields.type;
      }
      if (fields.label !== undefined && fields.label !== text(stored.label)) {
        after.label = fields.label;
        changes.label = fields.label;
      }
      if (fields.description !== undefined && fields.description !== text(info?.description)) {
        after.additionalInfo = additionalInfoOf(stored.additionalInfo, fields, false);
        changes.additionalInfo = jsonText(after.additionalInfo);
      }
      state.byName.set(after.name, after);
      return {
        ...base,
        op: 'update',
        audit: 'UPDATED',
        row: after,
        changes,
        wire: () => assetToWire(after),
      };
    },

    settle: async () => {},

    write: async (plans, trx) => {
      await repo.insertAssets(
        trx,
        plans
          .filter((p) => p.op === 'create')
          .map(({ row }) => ({ ...row, additionalInfo: jsonText(row.additionalInfo) })),
      );
      const updates = new Map<string, Updateable<AssetTable>>();
      for (const plan of plans) {
        if (plan.op === 'update')
          updates.set(plan.entityId, { ...updates.get(plan.entityId), ...plan.changes });
      }
      await updateGrouped(trx, repo, 'asset', updates, ASSET_CASTS);
    },
  };
}
