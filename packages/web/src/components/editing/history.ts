/**
 * Undo and redo over immutable values: `present` with what came before and after it, and the
 * value last saved, which tells whether there are unsaved changes.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  saved: T;
}

/** Edits kept for undo; older ones are forgotten. */
const MAX_UNDO = 100;

export function startHistory<T>(value: T): History<T> {
  return { past: [], present: value, future: [], saved: value };
}

/** A new present; redo is gone. The same value is no edit. */
export function pushHistory<T>(history: History<T>, value: T): History<T> {
  if (value === history.present) return history;
  return {
    ...history,
    past: [...history.past, history.present].slice(-MAX_UNDO),
    present: value,
    future: [],
  };
}

export function undoHistory<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    ...history,
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
  };
}

export function redoHistory<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { ...history, past: [...history.past, history.present], present: next, future: rest };
}

export function isDirty<T>(history: History<T>): boolean {
  return history.present !== history.saved;
}
