import {
  type AttributeScope,
  type BulkImportColumnMapping,
  type BulkImportResult,
  bulkImportLineError,
  isCsvDelimiter,
  type KvEntry,
  NULL_UUID,
  parseCsv,
} from '@meridian/common';
import { requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import { clientMessageOfStoreError, violatedUnique } from '../../db/sql-errors.js';
import type { Db } from '../../db/store.js';
import { ApiError, badRequest } from '../../http/api-error.js';
import type {
  AttributesWrite,
  PendingChanges,
  TelemetryService,
  TimeseriesWrite,
} from '../../telemetry/service.js';
import { TelemetryInputError } from '../../telemetry/values.js';
import { ASSET_MESSAGES } from '../assets/service.js';
import { type AuditEntry, type AuditLogService, actorOf } from '../audit-logs/service.js';
import type { DeviceProfilesService } from '../device-profiles/service.js';
import { CREDENTIALS_MESSAGES } from '../devices/credentials.js';
import { DEVICE_MESSAGES } from '../devices/service.js';
import { entityLimit } from '../tenant-profiles/limits.js';
import { assetImporter } from './asset-importer.js';
import { deviceImporter } from './device-importer.js';
import type { BasePlan, ImportContext, Importer, PreparedRow } from './importer.js';
import { BulkImportRepo } from './repo.js';
import { checkMapping, type ImportKv, RowError, toImportRow } from './rows.js';

/**
 * Bulk import of devices and assets from CSV (reference DeviceController/AssetController
 * `bulk_import`, AbstractBulkImportService): each row creates the entity named in it or, when the
 * request says `update`, updates the existing one of that name where its fields differ.
 *
 * A bad row never stops the others, and never leaves part of itself behind: everything a row holds
 * is checked before anything is written. For speed, rows are planned in memory against what is
 * stored (read once per chunk of rows), and a whole chunk (entities, credentials, new device
 * profiles, attributes, time series, audit entries) is written in one transaction with multi-row
 * statements; attributes and time series go through the telemetry service's batch writes, whose
 * listeners hear of them once the chunk has committed. Should that transaction fail anyway (a
 * concurrent writer took a name, a value the store refuses), it is rolled back and the chunk is
 * imported again one row per transaction, so only the rows at fault fail: a row's entity,
 * credentials, attributes and time series are written together or not at all.
 */

/** Body of the request as validated by the route schema. */
export interface BulkImportInput {
  file: string;
  mapping: {
    columns: BulkImportColumnMapping[];
    delimiter?: string;
    header?: boolean;
    update?: boolean;
  };
}

export interface BulkImportOptions {
  /** Rows written per transaction. */
  chunkSize?: number;
}

/** The attribute columns of a row and the scope they are saved in. */
const SCOPES: readonly (readonly [ImportKv['type'], AttributeScope])[] = [
  ['SHARED_ATTRIBUTE', 'SHARED_SCOPE'],
  ['SERVER_ATTRIBUTE', 'SERVER_SCOPE'],
];

type Outcome = { line: number; counted: 'created' | 'updated' } | { line: number; error: string };

export class BulkImportService {
  private readonly repo = new BulkImportRepo();
  private readonly chunkSize: number;

  constructor(
    private readonly db: Db,
    private readonly profiles: DeviceProfilesService,
    private readonly telemetry: TelemetryService,
    private readonly audit: AuditLogService,
    private readonly log: { error(obj: object, msg: string): void },
    options: BulkImportOptions = {},
  ) {
    this.chunkSize = options.chunkSize ?? 500;
  }

  /** POST /api/device/bulk_import */
  async importDevices(principal: Principal, input: BulkImportInput): Promise<BulkImportResult> {
    requireAccess(principal, 'CREATE', 'DEVICE', { tenantId: principal.tenantId, customerId: NULL_UUID });
    const limit = await entityLimit(this.db, principal.tenantId, 'DEVICE');
    return this.run(principal, input, deviceImporter(this.context(principal, input, limit), this.profiles));
  }

  /** POST /api/asset/bulk_import */
  async importAssets(principal: Principal, input: BulkImportInput): Promise<BulkImportResult> {
    requireAccess(principal, 'CREATE', 'ASSET', { tenantId: principal.tenantId, customerId: NULL_UUID });
    const limit = await entityLimit(this.db, principal.tenantId, 'ASSET');
    return this.run(principal, input, assetImporter(this.context(principal, input, limit)));
  }

  private context(principal: Principal, input: BulkImportInput, limit: number | undefined): ImportContext {
    return { db: this.db, repo: this.repo, principal, update: input.mapping.update === true, limit };
  }

  private async run<S, P extends BasePlan>(
    principal: Principal,
    input: BulkImportInput,
    importer: Importer<S, P>,
  ): Promise<BulkImportResult> {
    const delimiter = input.mapping.delimiter ?? ',';
    if (!isCsvDelimiter(delimiter)) {
      throw badRequest(
        "Invalid request: field 'mapping.delimiter' must be one character other than a quote or a line break",
      );
    }
    const columns = checkMapping(input.mapping.columns);
    const records = parseCsv(input.file, delimiter);
    // The header still counts in the line numbers, as in the reference.
    const data = input.mapping.header === true ? records.slice(1) : records;

    const outcomes: Outcome[] = [];
    const prepared: PreparedRow[] = [];
    for (const record of data) {
      try {
        prepared.push(importer.prepare(toImportRow(record, columns)));
      } catch (error) {
        outcomes.push({ line: record.ordinal, error: this.messageOf(error) });
      }
    }
    for (let start = 0; start < prepared.length; start += this.chunkSize) {
      const chunk = prepared.slice(start, start + this.chunkSize);
      outcomes.push(...(await this.importChunk(principal, importer, chunk)));
    }

    const result: BulkImportResult = { created: 0, updated: 0, errors: 0, errorsList: [] };
    for (const outcome of outcomes.sort((a, b) => a.line - b.line)) {
      if ('error' in outcome) {
        result.errors += 1;
        result.errorsList.push(bulkImportLineError(outcome.line, outcome.error));
      } else {
        result[outcome.counted] += 1;
      }
    }
    return result;
  }

  private async importChunk<S, P extends BasePlan>(
    principal: Principal,
    importer: Importer<S, P>,
    rows: readonly PreparedRow[],
  ): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    const plans: P[] = [];
    let pending: PendingChanges[] = [];
    try {
      const state = await importer.load(rows);
      for (const row of rows) {
        try {
          plans.push(await importer.plan(row, state));
        } catch (error) {
          outcomes.push({ line: row.line, error: this.messageOf(error) });
        }
      }
      await importer.settle(plans);
      if (plans.some((plan) => plan.audit !== null || plan.kvs.length > 0)) {
        pending = await this.db.transaction().execute(async (trx) => {
          await importer.write(plans, trx);
          const written = await this.saveKvs(trx, principal.tenantId, importer.entityType, plans);
          await this.audit.recordMany(this.auditEntries(principal, importer.entityType, plans), trx);
          return written;
        });
      }
    } catch (error) {
      const [only] = rows;
      if (rows.length === 1 && only) return [{ line: only.line, error: this.messageOf(error) }];
      // Rolled back: import the chunk again row by row, so only the rows at fault fail.
      const single: Outcome[] = [];
      for (const row of rows) single.push(...(await this.importChunk(principal, importer, [row])));
      return single;
    }
    for (const changes of pending) changes.afterCommit();
    return [...outcomes, ...plans.map((plan) => ({ line: plan.line, counted: plan.counted }))];
  }

  /** The ADDED / UPDATED audit entries of the chunk's plans (the audit service applies the levels). */
  private auditEntries(principal: Principal, entityType: 'DEVICE' | 'ASSET', plans: readonly BasePlan[]) {
    const actor = actorOf(principal);
    return plans.flatMap((plan): AuditEntry[] =>
      plan.audit === null
        ? []
        : [
            {
              ...actor,
              customerId: plan.customerId,
              entityId: { entityType, id: plan.entityId },
              entityName: plan.name,
              actionType: plan.audit,
              actionData: { entity: plan.wire() },
              actionStatus: 'SUCCESS',
            },
          ],
    );
  }

  /**
   * The attributes and time series of the chunk's rows, written in its transaction: one batch per
   * kind, the time series of the whole chunk stamped with one time. Rows naming one entity twice
   * keep file order: the later row's value of a key wins.
   */
  private async saveKvs(
    trx: Db,
    tenantId: string,
    entityType: 'DEVICE' | 'ASSET',
    plans: readonly BasePlan[],
  ): Promise<PendingChanges[]> {
    const attributes: AttributesWrite[] = [];
    const timeseries: TimeseriesWrite[] = [];
    const ts = Date.now();
    for (const plan of plans) {
      if (plan.kvs.length === 0) continue;
      const entityId = { entityType, id: plan.entityId };
      const of = (type: ImportKv['type']): KvEntry[] =>
        plan.kvs.filter((kv) => kv.type === type).map(({ key, value }) => ({ key, value }));
      for (const [type, scope] of SCOPES) {
        const entries = of(type);
        if (entries.length > 0) attributes.push({ entityId, scope, entries });
      }
      const values = of('TIMESERIES');
      if (values.length > 0) timeseries.push({ tenantId, entityId, entries: [{ ts, values }] });
    }
    return [
      await this.telemetry.saveAttributesBatch(trx, attributes),
      await this.telemetry.saveTimeseriesBatch(trx, timeseries),
    ];
  }

  /** The text of a per-line error. Unexpected failures are logged and not described. */
  private messageOf(error: unknown): string {
    if (error instanceof RowError || error instanceof ApiError || error instanceof TelemetryInputError) {
      return error.message;
    }
    switch (violatedUnique(error)) {
      case 'device_tenant_id_name_key':
        return DEVICE_MESSAGES.nameTaken;
      case 'asset_tenant_id_name_key':
        return ASSET_MESSAGES.nameTaken;
      case 'device_credentials_credentials_id_key':
        return CREDENTIALS_MESSAGES.taken;
    }
    const storeMessage = clientMessageOfStoreError(error);
    if (storeMessage) return storeMessage;
    this.log.error({ err: error }, 'bulk import row failed');
    return 'Internal server error';
  }
}
