import { type EntityAlias, isJsonObject, type JsonObject } from '@meridian/common';

/**
 * The entity aliases of a dashboard configuration (`configuration.entityAliases`, a map id → alias)
 * read for the aliases dialog and written back as one undoable edit; the rest of the configuration
 * (and any key of an alias this console does not know) stays as saved.
 */

type Json = Record<string, unknown>;
const objectOr = (value: unknown): Json => (isJsonObject(value) ? (value as Json) : {});

/** The saved aliases in their saved order; entries without a filter object are skipped. */
export function aliasesOf(configuration: JsonObject): EntityAlias[] {
  return Object.entries(objectOr(configuration.entityAliases))
    .filter(([, alias]) => isJsonObject(objectOr(alias).filter))
    .map(([id, alias]) => {
      const saved = objectOr(alias);
      return {
        ...saved,
        id: typeof saved.id === 'string' ? saved.id : id,
        alias: typeof saved.alias === 'string' ? saved.alias : '',
      } as unknown as EntityAlias;
    });
}

/** The configuration with `aliases` as its entity aliases (by id, in the given order). */
export function withAliases(configuration: JsonObject, aliases: readonly EntityAlias[]): JsonObject {
  const entityAliases: Json = {};
  for (const alias of aliases) entityAliases[alias.id] = alias;
  return { ...configuration, entityAliases } as JsonObject;
}

/** Whether a widget's config refers to the alias: a datasource, its alarm source or its RPC target. */
function widgetUsesAlias(config: Json, aliasId: string): boolean {
  const datasources = Array.isArray(config.datasources) ? config.datasources : [];
  if (datasources.some((source) => objectOr(source).entityAliasId === aliasId)) return true;
  if (objectOr(config.alarmSource).entityAliasId === aliasId) return true;
  const targets = config.targetDeviceAliasIds;
  return Array.isArray(targets) && targets.includes(aliasId);
}

/** Titles of the widgets that use the alias (their type alias when untitled), for the removal question. */
export function widgetsUsingAlias(configuration: JsonObject, aliasId: string): string[] {
  return Object.values(objectOr(configuration.widgets))
    .map(objectOr)
    .filter((widget) => widgetUsesAlias(objectOr(widget.config), aliasId))
    .map((widget) => {
      const title = objectOr(widget.config).title;
      return typeof title === 'string' && title !== '' ? title : String(widget.typeAlias ?? '');
    });
}

/** The alias names in use, for the unique-name check (case insensitive, as the reference). */
export function duplicateAliasName(aliases: readonly EntityAlias[], name: string, ownId: string): boolean {
  const wanted = name.trim().toLowerCase();
  return aliases.some((alias) => alias.id !== ownId && alias.alias.trim().toLowerCase() === wanted);
}
