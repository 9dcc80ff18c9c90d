import type { Migration } from 'kysely';
import * as coreEntities from './0001-core-entities.js';

/**
 * Every schema migration, in order. Names are permanent: a released migration is never edited,
 * a change is a new entry.
 */
export const migrations: Record<string, Migration> = {
  '0001-core-entities': coreEntities,
};
