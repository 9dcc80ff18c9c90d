import { type messages, type PGlite, protocol } from '@electric-sql/pglite';
import type { ThreadResult } from './pglite-thread-protocol.js';
import { type PgliteExchange, takeOverWire } from './pglite-wire.js';

type BackendMessage = messages.BackendMessage;
type Parse = (text: string, typeId: number) => unknown;
type Serialise = (value: unknown) => string | Uint8Array;

interface Column {
  name: string;
  /** PGlite's parser for the column's type; absent: the text is the value. */
  parse: Parse | undefined;
  typeId: number;
}

interface Prepared {
  name: string;
  /** PGlite's serialiser for each parameter's type; absent: the value's own text. */
  serialisers: readonly (Serialise | undefined)[];
  columns: readonly Column[];
}

/** PostgreSQL's refusal to run a kept statement whose result columns changed (its table was altered). */
const STALE_RESULT_TYPE = 'cached plan must not change result type';

const { serialize, Parser } = protocol;
const EXECUTE = Uint8Array.from(serialize.execute({}));
const SYNC = Uint8Array.from(serialize.sync());

/**
 * Runs statements on an embedded PGlite as named prepared statements (decision 0043).
 *
 * PGlite's own `query()` sends each statement through six protocol exchanges with the WebAssembly
 * PostgreSQL (parse, describe, bind, describe, execute, sync), parses and plans its text again every
 * time and copies its type-parser map to read the result: at ingest rates that was most of the
 * store thread's time. Here a statement's text is parsed and described once, kept under a name, and
 * each run is one exchange (bind, execute, sync). The values are serialised and the rows parsed
 * exactly as PGlite does (its own serialisers and parsers), so callers see the same results and
 * errors.
 *
 * Not safe for concurrent use: the caller runs one statement at a time (the store's thread does).
 */
export class PgliteStatements {
  private readonly parser = new Parser();
  /** By SQL text, least recently used first. */
  private readonly prepared = new Map<string, Prepared>();
  private named = 0;
  private readonly wire: PgliteExchange;
  /** The transaction status of PostgreSQL's last ReadyForQuery: idle (I), in (T) or failed (E). */
  private status = 'I';

  /** Takes over the instance's wire: from then on only these statements and its `close()` use it. */
  constructor(
    private readonly db: PGlite,
    private readonly capacity = 128,
  ) {
    this.wire = takeOverWire(db);
  }

  /** One statement with `$n` parameters: the rows of its result and the rows it changed. */
  query(sql: string, params: readonly unknown[]): ThreadResult {
    const statement = this.prepare(sql);
    const values = params.map((value, i) => serialiseParam(value, statement.serialisers[i]));
    const received = this.exchange([serialize.bind({ statement: statement.name, values }), EXECUTE, SYNC]);
    const failure = errorIn(received);
    if (failure) {
      if (failure.code === '0A000' && failure.message === STALE_RESULT_TYPE) {
        this.forget(sql);
        // Outside a transaction nothing was lost: the statement runs again, prepared anew.
        if (lastStatus(received) === 'I') return this.query(sql, params);
      }
      throw withQuery(failure, sql);
    }
    const rows: Record<string, unknown>[] = [];
    let affectedRows = 0;
    for (const message of received) {
      if (message.name === 'dataRow') {
        rows.push(toRow(statement.columns, (message as messages.DataRowMessage).fields));
      } else if (message.name === 'commandComplete') {
        affectedRows = rowCountOf((message as messages.CommandCompleteMessage).text);
      }
    }
    return { rows, affectedRows };
  }

  /**
   * Parameterless SQL, possibly several statements (migrations), through the simple protocol: the
   * rows of the last result and, as PGlite's `exec` counts them, the rows all of them changed.
   */
  exec(sql: string): ThreadResult {
    const received = this.exchange([serialize.query(sql)]);
    const failure = errorIn(received);
    if (failure) throw withQuery(failure, sql);
    let columns: Column[] = [];
    let rows: Record<string, unknown>[] = [];
    let lastRows: Record<string, unknown>[] = [];
    let affectedRows = 0;
    for (const message of received) {
      if (message.name === 'rowDescription') {
        columns = this.columnsOf(message as messages.RowDescriptionMessage);
      } else if (message.name === 'dataRow') {
        rows.push(toRow(columns, (message as messages.DataRowMessage).fields));
      } else if (message.name === 'commandComplete') {
        affectedRows += rowCountOf((message as messages.CommandCompleteMessage).text);
        lastRows = rows;
        rows = [];
      }
    }
    return { rows: lastRows, affectedRows };
  }

  /** Whether the store is inside a transaction (a failed one too) after the last statement. */
  get inTransaction(): boolean {
    return this.status !== 'I';
  }

  /** How many statements are kept prepared now. */
  get size(): number {
    return this.prepared.size;
  }

  private prepare(sql: string): Prepared {
    const known = this.prepared.get(sql);
    if (known) {
      this.prepared.delete(sql);
      this.prepared.set(sql, known);
      return known;
    }
    const name = `meridian_${++this.named}`;
    const received = this.exchange([
      serialize.parse({ name, text: sql }),
      serialize.describe({ type: 'S', name }),
      SYNC,
    ]);
    const failure = errorIn(received);
    if (failure) throw withQuery(failure, sql);
    let serialisers: readonly (Serialise | undefined)[] = [];
    let columns: readonly Column[] = [];
    for (const message of received) {
      if (message.name === 'parameterDescription') {
        serialisers = (message as messages.ParameterDescriptionMessage).dataTypeIDs.map(
          (typeId) => this.db.serializers[typeId] as Serialise | undefined,
        );
      } else if (message.name === 'rowDescription') {
        columns = this.columnsOf(message as messages.RowDescriptionMessage);
      }
    }
    const statement = { name, serialisers, columns };
    this.prepared.set(sql, statement);
    if (this.prepared.size > this.capacity) {
      const oldest = this.prepared.keys().next().value as string;
      this.forget(oldest);
    }
    return statement;
  }

  /** Closes a kept statement; a failure to close only leaves it unused in the store's memory. */
  private forget(sql: string): void {
    const statement = this.prepared.get(sql);
    if (!statement) return;
    this.prepared.delete(sql);
    this.exchange([serialize.close({ type: 'S', name: statement.name }), SYNC]);
  }

  private columnsOf(description: messages.RowDescriptionMessage): Column[] {
    return description.fields.map((field) => ({
      name: field.name,
      typeId: field.dataTypeID,
      parse: this.db.parsers[field.dataTypeID] as Parse | undefined,
    }));
  }

  private exchange(parts: Uint8Array[]): BackendMessage[] {
    const answer = this.wire(concat(parts));
    const received: BackendMessage[] = [];
    this.parser.parse(answer, (message) => received.push(message));
    this.status = lastStatus(received) ?? this.status;
    return received;
  }
}

/** As PGlite's `query()` does: the type's serialiser, else the value's own text. */
function serialiseParam(value: unknown, serialise: Serialise | undefined): string | Uint8Array | null {
  if (value === null || value === undefined) return null;
  return serialise ? serialise(value) : String(value);
}

function toRow(columns: readonly Column[], fields: readonly (string | null)[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i] as Column;
    const text = fields[i] ?? null;
    row[column.name] = text === null || !column.parse ? text : column.parse(text, column.typeId);
  }
  return row;
}

function errorIn(received: readonly BackendMessage[]): messages.DatabaseError | undefined {
  return received.find((message) => message.name === 'error') as messages.DatabaseError | undefined;
}

function lastStatus(received: readonly BackendMessage[]): string | undefined {
  const ready = received.at(-1);
  return ready?.name === 'readyForQuery' ? (ready as messages.ReadyForQueryMessage).status : undefined;
}

/** PGlite's errors name the statement that failed; so do these. */
function withQuery(error: messages.DatabaseError, sql: string): Error {
  return Object.assign(error, { query: sql });
}

/** The rows a command changed, from its tag ("INSERT 0 3", "UPDATE 2"…), as PGlite reads it. */
function rowCountOf(tag: string): number {
  const [command, first, second] = tag.split(' ');
  switch (command) {
    case 'INSERT':
      return Number.parseInt(second ?? '', 10);
    case 'UPDATE':
    case 'DELETE':
    case 'COPY':
    case 'MERGE':
      return Number.parseInt(first ?? '', 10);
    default:
      return 0;
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
