import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type { Pool, PoolClient } from 'pg';

/**
 * Statements kept prepared on each PostgreSQL connection (decision 0052).
 *
 * Kysely sends every statement unnamed, so PostgreSQL parses, analyses and plans its text on every
 * run. For the ingest's one statement per batch that was a third of its time on the server at a
 * steady 3,000 messages a second (many small batches). A text marked here goes as a named
 * statement: `pg` parses it once per connection, and PostgreSQL reuses its plan. Only marked texts,
 * since a connection keeps every statement it prepared for as long as it lives. The embedded store
 * prepares every statement its own way (decision 0043).
 */
const names = new Map<string, string>();

/** Marks `text` to be kept prepared on PostgreSQL; returns it unchanged. */
export function keptPrepared(text: string): string {
  if (!names.has(text)) names.set(text, `meridian_${names.size + 1}`);
  return text;
}

/** The name `text` is prepared under, if it was marked. */
export const preparedName = (text: string): string | undefined => names.get(text);

/** The pool as Kysely uses it, with marked texts run as named statements. */
export function preparingPool(pool: Pool): PostgresPool {
  // One wrapper per connection, so Kysely (which keys its connections by client) sees a stable one.
  const wrappers = new WeakMap<PoolClient, PostgresPoolClient>();
  const wrap = (client: PoolClient): PostgresPoolClient => ({
    // Kysely passes a text and its values, or a cursor (streamed queries); only texts are named.
    query: ((textOrCursor: unknown, values?: readonly unknown[]): unknown => {
      const name = typeof textOrCursor === 'string' ? names.get(textOrCursor) : undefined;
      if (name === undefined) return client.query(textOrCursor as never, values as never);
      return client.query({ name, text: textOrCursor as string, values: values as unknown[] });
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (wrapper === undefined) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
