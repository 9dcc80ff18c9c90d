import { NATIVE_WIDGET_TYPES, NATIVE_WIDGETS_BUNDLES, nativeWidgetDescriptor } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import type { Db } from '../db/store.js';

/**
 * Installs the system widget library: the bundles and widget types the console renders natively
 * (`@meridian/common` native-widgets). Runs at every start, after the migrations, and inserts only
 * what is missing, so a store installed before a type joined the list gets it on its next start,
 * and what the system administrator edited in an installed bundle or type is kept (decision 0025).
 * Concurrent starts on one PostgreSQL do not collide: a row another process inserted first is
 * skipped by the unique aliases.
 */
export async function installSystemWidgets(db: Db): Promise<void> {
  const createdTime = Date.now();
  await db.transaction().execute(async (trx) => {
    for (const bundle of NATIVE_WIDGETS_BUNDLES) {
      await trx
        .insertInto('widgetsBundle')
        .values({
          id: uuidv1(),
          createdTime,
          tenantId: null,
          alias: bundle.alias,
          title: bundle.title,
          image: null,
          description: null,
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    for (const type of NATIVE_WIDGET_TYPES) {
      await trx
        .insertInto('widgetType')
        .values({
          id: uuidv1(),
          createdTime,
          tenantId: null,
          bundleAlias: type.bundleAlias,
          alias: type.typeAlias,
          name: type.name,
          image: null,
          description: null,
          descriptor: JSON.stringify(nativeWidgetDescriptor(type)),
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
  });
}
