import {
  type BulkImportColumnMapping,
  type BulkImportColumnType,
  type BulkImportKvColumnType,
  type BulkImportRow,
  type CsvRecord,
  isBulkImportKvColumn,
  type KvValue,
  LWM2M_SECURITY_MODES,
} from '@meridian/common';
import { badRequest } from '../../http/api-error.js';
import { checkKey, deviceValue, TelemetryInputError } from '../../telemetry/values.js';
import type { CredentialsInput } from '../devices/credentials.js';

/**
 * The pure part of bulk import: checking the column mapping, turning CSV records into typed rows,
 * and reading entity fields and device credentials out of a row (reference AbstractBulkImportService,
 * DeviceBulkImportService).
 */

export type FieldColumnType = Exclude<BulkImportColumnType, BulkImportKvColumnType>;

/** An attribute or time-series value of a row. */
export interface ImportKv {
  type: BulkImportKvColumnType;
  key: string;
  value: KvValue;
}

/** One CSV record after the column mapping: the non-empty values, by column type. */
export interface ImportRow {
  /** The line number errors are reported with: the record's position, the header line included. */
  lineNumber: number;
  fields: Partial<Record<FieldColumnType, string>>;
  kvs: ImportKv[];
}

/** A mapping checked by {@link checkMapping}: kv columns have their key. */
export interface CheckedColumn {
  type: BulkImportColumnType;
  key: string | undefined;
}

/** Longest name, type and label the entity tables hold. */
export const MAX_TEXT_LENGTH = 255;

/** Where a column's value ends up, as the entity JSON names it (for error messages). */
const FIELD_NAMES: Partial<Record<FieldColumnType, string>> = {
  NAME: 'name',
  TYPE: 'type',
  LABEL: 'label',
  DESCRIPTION: 'additionalInfo.description',
  IS_GATEWAY: 'additionalInfo.gateway',
};
const fieldName = (type: FieldColumnType) => FIELD_NAMES[type] ?? type;

/**
 * Checks the mapping of a request (400 for the whole request): at least one column and exactly one
 * NAME column; entity and credentials columns at most once; attribute and time-series columns need
 * a usable key.
 */
export function checkMapping(columns: readonly BulkImportColumnMapping[]): CheckedColumn[] {
  if (columns.length === 0) throw badRequest("Invalid request: field 'mapping.columns' must not be empty");
  const seen = new Set<BulkImportColumnType>();
  const checked = columns.map((column, index): CheckedColumn => {
    if (isBulkImportKvColumn(column.type)) {
      const key = column.key ?? '';
      try {
        checkKey(key);
      } catch (error) {
        if (error instanceof TelemetryInputError) {
          throw badRequest(`Invalid request: field 'mapping.columns[${index}].key': ${error.message}`);
        }
        throw error;
      }
      return { type: column.type, key };
    }
    if (seen.has(column.type)) {
      throw badRequest(
        `Invalid request: field 'mapping.columns' maps more than one column to ${column.type}`,
      );
    }
    seen.add(column.type);
    return { type: column.type, key: undefined };
  });
  if (!seen.has('NAME')) throw badRequest("Invalid request: field 'mapping.columns' has no NAME column");
  return checked;
}

/** A row the import cannot use; the message goes into the per-line error. */
export class RowError extends Error {}

const BOOLEAN_TEXT = /^(?:true|false)$/i;

/**
 * Types a CSV value the way the reference's bulk import does: `true`/`false` in any case are
 * booleans; `-?digits` a long (beyond 64 bits kept as text, as device telemetry does), with one
 * `.` a double; anything else a string.
 */
export function typedValue(key: string, text: string): KvValue {
  if (BOOLEAN_TEXT.test(text)) return { type: 'BOOLEAN', value: text.toLowerCase() === 'true' };
  const value = deviceValue(key, text, 'reject');
  if (!value) throw new RowError(`Value of '${key}' is missing`);
  return value;
}

/**
 * Maps one record onto the columns. Empty values count as absent (the reference skips them). A
 * record with another number of values than the mapping has columns is refused.
 */
export function toImportRow(
  record: Pick<CsvRecord, 'ordinal' | 'fields' | 'problem'>,
  columns: readonly CheckedColumn[],
): ImportRow {
  if (record.problem) throw new RowError(`Malformed CSV: ${record.problem}`);
  if (record.fields.length !== columns.length) {
    throw new RowError(`Wrong number of columns: expected ${columns.length}, found ${record.fields.length}`);
  }
  const row: ImportRow = { lineNumber: record.ordinal, fields: {}, kvs: [] };
  record.fields.forEach((text, index) => {
    const column = columns[index] as CheckedColumn;
    if (text === '') return;
    if (isBulkImportKvColumn(column.type)) {
      const key = column.key as string;
      try {
        row.kvs.push({ type: column.type, key, value: typedValue(key, text) });
      } catch (error) {
        if (error instanceof TelemetryInputError) throw new RowError(error.message);
        throw error;
      }
      return;
    }
    const type = column.type as FieldColumnType;
    if (text.includes('\u0000')) {
      throw new RowError(`Invalid request: field '${fieldName(type)}' must not contain NUL characters`);
    }
    row.fields[type] = text;
  });
  return row;
}

/**
 * The entity fields of a row, checked: a name is required; name, type and label fit their
 * columns. `nameRequired` is the entity's own message.
 */
export function entityFields(row: ImportRow, nameRequired: string): BulkImportRow & { name: string } {
  const { fields } = row;
  const name = fields.NAME;
  if (!name?.trim()) throw new RowError(nameRequired);
  for (const type of ['NAME', 'TYPE', 'LABEL'] as const) {
    const value = fields[type];
    if (value !== undefined && value.length > MAX_TEXT_LENGTH) {
      throw new RowError(
        `Invalid request: field '${fieldName(type)}' must NOT have more than ${MAX_TEXT_LENGTH} characters`,
      );
    }
  }
  return {
    lineNumber: row.lineNumber,
    name,
    ...(fields.TYPE !== undefined ? { type: fields.TYPE } : {}),
    ...(fields.LABEL !== undefined ? { label: fields.LABEL } : {}),
    ...(fields.DESCRIPTION !== undefined ? { description: fields.DESCRIPTION } : {}),
    // Boolean.parseBoolean: only "true", in any case, is true.
    ...(fields.IS_GATEWAY !== undefined ? { gateway: fields.IS_GATEWAY.toLowerCase() === 'true' } : {}),
  };
}

/** The LwM2M credential columns: which part of the credentials JSON each fills, under which key. */
const LWM2M_COLUMNS = {
  LWM2M_CLIENT_ENDPOINT: { part: 'client', key: 'endpoint' },
  LWM2M_CLIENT_SECURITY_CONFIG_MODE: { part: 'client', key: 'securityConfigClientMode' },
  LWM2M_CLIENT_IDENTITY: { part: 'client', key: 'identity' },
  LWM2M_CLIENT_KEY: { part: 'client', key: 'key' },
  LWM2M_CLIENT_CERT: { part: 'client', key: 'cert' },
  LWM2M_BOOTSTRAP_SERVER_SECURITY_MODE: { part: 'bootstrapServer', key: 'securityMode' },
  LWM2M_BOOTSTRAP_SERVER_PUBLIC_KEY_OR_ID: { part: 'bootstrapServer', key: 'clientPublicKeyOrId' },
  LWM2M_BOOTSTRAP_SERVER_SECRET_KEY: { part: 'bootstrapServer', key: 'clientSecretKey' },
  LWM2M_SERVER_SECURITY_MODE: { part: 'lwm2mServer', key: 'securityMode' },
  LWM2M_SERVER_CLIENT_PUBLIC_KEY_OR_ID: { part: 'lwm2mServer', key: 'clientPublicKeyOrId' },
  LWM2M_SERVER_CLIENT_SECRET_KEY: { part: 'lwm2mServer', key: 'clientSecretKey' },
} as const satisfies Partial<Record<FieldColumnType, { part: string; key: string }>>;

/** The client fields each client security mode keeps (reference LwM2MClientCredentials subtypes). */
const LWM2M_CLIENT_FIELDS: Record<string, readonly string[]> = {
  NO_SEC: ['endpoint'],
  PSK: ['endpoint', 'identity', 'key'],
  RPK: ['endpoint', 'key'],
  X509: ['endpoint', 'cert'],
};

function securityMode(value: string | undefined): string {
  if (value === undefined) return 'NO_SEC';
  const mode = value.toUpperCase();
  if (!(LWM2M_SECURITY_MODES as readonly string[]).includes(mode)) {
    throw new RowError(
      `Unknown LwM2M security mode: ${value}, (the mode should be: ${LWM2M_SECURITY_MODES.join(', ')})!`,
    );
  }
  return mode;
}

function lwm2mCredentials(fields: ImportRow['fields']): string {
  const parts: Record<'client' | 'bootstrapServer' | 'lwm2mServer', Record<string, string>> = {
    client: {},
    bootstrapServer: {},
    lwm2mServer: {},
  };
  for (const [column, target] of Object.entries(LWM2M_COLUMNS)) {
    const value = fields[column as keyof typeof LWM2M_COLUMNS];
    if (value !== undefined) parts[target.part][target.key] = value;
  }
  const clientMode = securityMode(fields.LWM2M_CLIENT_SECURITY_CONFIG_MODE);
  const client: Record<string, string> = { securityConfigClientMode: clientMode };
  for (const key of LWM2M_CLIENT_FIELDS[clientMode] ?? []) {
    const value = parts.client[key];
    if (value !== undefined) client[key] = value;
  }
  const server = (part: 'bootstrapServer' | 'lwm2mServer', mode: string | undefined) => ({
    ...parts[part],
    securityMode: securityMode(mode),
  });
  return JSON.stringify({
    client,
    bootstrap: {
      bootstrapServer: server('bootstrapServer', fields.LWM2M_BOOTSTRAP_SERVER_SECURITY_MODE),
      lwm2mServer: server('lwm2mServer', fields.LWM2M_SERVER_SECURITY_MODE),
    },
  });
}

/**
 * The credentials a device row asks for, in the reference's order of precedence: LwM2M (an
 * endpoint column), X.509, MQTT basic, access token. Undefined when the row has none of them.
 */
export function credentialsOf(row: ImportRow): CredentialsInput | undefined {
  const { fields } = row;
  if (fields.LWM2M_CLIENT_ENDPOINT !== undefined) {
    return {
      credentialsType: 'LWM2M_CREDENTIALS',
      credentialsId: null,
      credentialsValue: lwm2mCredentials(fields),
    };
  }
  if (fields.X509 !== undefined) {
    return { credentialsType: 'X509_CERTIFICATE', credentialsId: null, credentialsValue: fields.X509 };
  }
  if (
    fields.MQTT_CLIENT_ID !== undefined ||
    fields.MQTT_USER_NAME !== undefined ||
    fields.MQTT_PASSWORD !== undefined
  ) {
    return {
      credentialsType: 'MQTT_BASIC',
      credentialsId: null,
      credentialsValue: JSON.stringify({
        clientId: fields.MQTT_CLIENT_ID ?? null,
        userName: fields.MQTT_USER_NAME ?? null,
        password: fields.MQTT_PASSWORD ?? null,
      }),
    };
  }
  if (fields.ACCESS_TOKEN !== undefined) {
    return { credentialsType: 'ACCESS_TOKEN', credentialsId: fields.ACCESS_TOKEN, credentialsValue: null };
  }
  return undefined;
}
