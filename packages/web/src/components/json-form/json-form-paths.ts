import { isJsonObject, type JsonObject, type JsonValue } from '@meridian/common';
import type { FormField } from './json-form-types';

/** Stands for an array item's index in a form key ("levelColors[]", "highlights[].color"). */
export const ITEM_INDEX = '[]';

const isIndex = (part: string) => /^\d+$/.test(part);

/**
 * A form key as a path: "a.b", "a[].b" and "a[0].b" as text, or an array of path parts (where ''
 * also stands for an item, as the reference's object paths write it). Null for anything else.
 */
export function pathOfKey(key: unknown): string[] | null {
  if (typeof key === 'string') {
    return key
      .replace(/\[(\d*)\]/g, (_, index: string) => `.${index || ITEM_INDEX}`)
      .split('.')
      .filter(Boolean);
  }
  if (Array.isArray(key) && key.every((part) => typeof part === 'string' || typeof part === 'number')) {
    return key.map((part) => (part === '' ? ITEM_INDEX : String(part)));
  }
  return null;
}

/** The value at `path` in the model; a numeric part indexes an array. */
export function valueAt(model: JsonValue | undefined, path: readonly string[]): JsonValue | undefined {
  let current: unknown = model;
  for (const part of path) {
    if (Array.isArray(current) && isIndex(part)) current = current[Number(part)];
    else if (isJsonObject(current)) current = (current as Record<string, unknown>)[part];
    else return undefined;
  }
  return current as JsonValue | undefined;
}

/**
 * The model with the value at `path` set, copying only the containers on the way. `undefined`
 * removes an object's key (the reference drops empty values); in an array it leaves null, so the
 * items after it keep their places while the user is still editing (removing is the array
 * editor's job).
 */
export function withValueAt(
  model: JsonObject,
  path: readonly string[],
  value: JsonValue | undefined,
): JsonObject {
  return setIn(model, path, value) as JsonObject;
}

function setIn(
  container: JsonValue | undefined,
  path: readonly string[],
  value: JsonValue | undefined,
): JsonValue | undefined {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(container) && isIndex(head)) {
    const index = Number(head);
    const next = [...container];
    // Never past the end: a write there would leave holes.
    if (index > next.length) return container;
    const child = setIn(next[index], rest, value);
    next[index] = child === undefined ? null : child;
    return next;
  }
  const object = isJsonObject(container) ? container : {};
  if (rest.length === 0) {
    const { [head]: _old, ...others } = object;
    return value === undefined ? others : { ...others, [head]: value };
  }
  const child = setIn(object[head], rest, value);
  return { ...object, [head]: child } as JsonObject;
}

/**
 * The field of one array item: the template `item` with `index` in place of the placeholder right
 * after the array's own path (`arrayPathLength` parts), in it and every field nested in it.
 */
export function fieldOfItem(item: FormField, arrayPathLength: number, index: number): FormField {
  const path = item.path.map((part, at) =>
    at === arrayPathLength && part === ITEM_INDEX ? String(index) : part,
  );
  return {
    ...item,
    path,
    ...(item.items ? { items: item.items.map((f) => fieldOfItem(f, arrayPathLength, index)) } : {}),
    ...(item.item ? { item: fieldOfItem(item.item, arrayPathLength, index) } : {}),
  };
}

/** The array with the item at `from` moved to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined || from < items.length) next.splice(to, 0, item as T);
  return next;
}
