import { isJsonObject, type JsonObject } from '@meridian/common';
import { DEFAULT_COLUMNS, DEFAULT_MARGIN } from '../../runtime/restore-dashboard';

/**
 * Edits of the dashboard's states (reference §5.3 "Manage dashboard states"), as immutable updates
 * of the configuration JSON: the other keys of a state (its layouts) and of the dashboard stay.
 */

type Json = Record<string, unknown>;
const objectOr = (value: unknown): Json => (isJsonObject(value) ? (value as Json) : {});

/** A state as the manager lists and edits it. */
export interface StateRow {
  id: string;
  name: string;
  root: boolean;
}

/** The states of the configuration, in their saved order. */
export function stateRows(configuration: JsonObject): StateRow[] {
  return Object.entries(objectOr(configuration.states)).map(([id, state]) => {
    const s = objectOr(state);
    return { id, name: typeof s.name === 'string' ? s.name : id, root: s.root === true };
  });
}

/** The id the reference derives from a state's name while the id was not typed: `My state` → `my_state`. */
export function stateIdOf(name: string): string {
  return name.toLowerCase().replace(/\W/g, '_');
}

/**
 * Adds the state `row` (`previousId` null) or updates the state `previousId` (renaming its key when
 * the id changed, in place so the order stays). A root state un-roots the others; a state that was
 * root stays root (the dashboard always has one).
 */
export function saveState(configuration: JsonObject, previousId: string | null, row: StateRow): JsonObject {
  const states = objectOr(configuration.states);
  const previous = previousId === null ? null : objectOr(states[previousId]);
  const root = row.root || previous?.root === true;
  const state: Json = previous
    ? { ...previous, name: row.name, root }
    : {
        name: row.name,
        root,
        layouts: {
          main: { widgets: {}, gridSettings: { columns: DEFAULT_COLUMNS, margin: DEFAULT_MARGIN } },
        },
      };
  const next: Json = {};
  for (const [id, saved] of Object.entries(states)) {
    if (id === previousId) next[row.id] = state;
    else next[id] = root && objectOr(saved).root === true ? { ...objectOr(saved), root: false } : saved;
  }
  if (previousId === null) next[row.id] = state;
  return { ...configuration, states: next } as JsonObject;
}

/**
 * Removes a state that is not the root one; the widgets no other state shows go with it (as the
 * reference removes them).
 */
export function deleteState(configuration: JsonObject, stateId: string): JsonObject {
  const states = objectOr(configuration.states);
  if (!Object.hasOwn(states, stateId) || objectOr(states[stateId]).root === true) return configuration;
  const { [stateId]: _gone, ...rest } = states;
  const shown = new Set<string>();
  for (const state of Object.values(rest)) {
    for (const layout of Object.values(objectOr(objectOr(state).layouts))) {
      for (const id of Object.keys(objectOr(objectOr(layout).widgets))) shown.add(id);
    }
  }
  const widgets = Object.fromEntries(
    Object.entries(objectOr(configuration.widgets)).filter(([id]) => shown.has(id)),
  );
  return { ...configuration, states: rest, widgets } as JsonObject;
}
