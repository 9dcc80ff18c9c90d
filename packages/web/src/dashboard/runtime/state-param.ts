import type { EntityId } from '@meridian/common';

/**
 * The `state` query parameter of dashboard URLs: the stack of opened states, `[{id, params}]`, as
 * JSON in base64 of its UTF-8 bytes, the way the reference writes it (`objToBase64`), so links
 * copied from the reference open the same state here.
 */

export interface StateParams {
  entityId?: EntityId;
  entityName?: string;
  entityLabel?: string;
  [name: string]: unknown;
}

export interface OpenedState {
  id: string;
  params: StateParams;
}

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(encoded: string): string {
  const binary = atob(encoded);
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

export function encodeStateParam(states: readonly OpenedState[]): string {
  return toBase64(JSON.stringify(states));
}

/** The opened states of a `state` parameter; null when it is missing or not one we can read. */
export function decodeStateParam(value: string | null): OpenedState[] | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(fromBase64(value));
    if (!Array.isArray(parsed)) return null;
    const states = parsed.filter(
      (item): item is OpenedState =>
        typeof item === 'object' && item !== null && typeof (item as OpenedState).id === 'string',
    );
    return states.length > 0 ? states.map((state) => ({ id: state.id, params: state.params ?? {} })) : null;
  } catch {
    return null;
  }
}

/** The state to show: the last opened one that exists, else the root state. */
export function currentState(
  opened: readonly OpenedState[] | null,
  stateIds: readonly string[],
  rootId: string,
): OpenedState {
  const last = opened?.at(-1);
  return last && stateIds.includes(last.id) ? last : { id: rootId, params: {} };
}
