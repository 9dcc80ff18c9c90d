import { describe, expect, it } from 'vitest';
import {
  clientMessageOfStoreError,
  isForeignKeyViolation,
  isUniqueViolation,
  violatedUnique,
} from './sql-errors.js';

const storeError = (code: string, message: string) =>
  Object.assign(new Error(message), { severity: 'ERROR', code });

describe('clientMessageOfStoreError', () => {
  it('describes data exceptions and constraint violations without the database text', () => {
    const fk = clientMessageOfStoreError(
      storeError('23503', 'insert or update on table "device" violates foreign key constraint "fk_tenant"'),
    );
    expect(fk).toBe('Invalid request: an entity it refers to does not exist (any more)');
    expect(clientMessageOfStoreError(storeError('22P02', 'invalid input syntax for type uuid: "x"'))).toBe(
      'Invalid request: a value is not in the expected format',
    );
    expect(clientMessageOfStoreError(storeError('22999', 'something internal'))).toBe(
      'Invalid request: a value cannot be stored',
    );
  });

  it("leaves the server's own failures alone", () => {
    expect(clientMessageOfStoreError(storeError('42P01', 'relation "x" does not exist'))).toBeUndefined();
    expect(clientMessageOfStoreError(new Error('plain'))).toBeUndefined();
  });
});

describe('isUniqueViolation', () => {
  it('recognises a store error of SQLSTATE 23505 and nothing else', () => {
    expect(isUniqueViolation(storeError('23505', 'duplicate key value violates unique constraint'))).toBe(
      true,
    );
    expect(isUniqueViolation(storeError('23503', 'violates foreign key constraint'))).toBe(false);
    expect(isUniqueViolation(new Error('23505'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});

describe('violatedUnique and isForeignKeyViolation', () => {
  it('name the unique constraint violated, and tell a foreign-key violation', () => {
    const unique = Object.assign(storeError('23505', 'duplicate key'), {
      constraint: 'asset_tenant_id_name_key',
    });
    expect(violatedUnique(unique)).toBe('asset_tenant_id_name_key');
    expect(violatedUnique(storeError('23505', 'duplicate key'))).toBeUndefined();
    expect(violatedUnique(Object.assign(storeError('23503', 'fk'), { constraint: 'x' }))).toBeUndefined();
    expect(isForeignKeyViolation(storeError('23503', 'violates foreign key constraint'))).toBe(true);
    expect(isForeignKeyViolation(unique)).toBe(false);
  });
});
