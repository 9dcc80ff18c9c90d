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

/** An opened state with an empty id stands for the root state (written without `id`, as the reference does). */
export function encodeStateParam(states: readonly OpenedState[]): string {
  return toBase64(JSON.stringify(states.map((state) => (state.id ? state : { params: state.params }))));
}

/** The opened states of a `state` parameter; null when it is missing or not one we can read. */
export function decodeStateParam(value: string | null): OpenedState[] | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(fromBase64(value));
    if (!Array.isArray(parsed)) return null;
    const states = parsed.filter(
      (item): item is Partial<OpenedState> =>
        typeof item === 'object' && item !== null && !Array.isArray(item),
    );
    return states.length > 0
      ? states.map((state) => ({
          id: typeof state.id === 'string' ? state.id : '',
          params: typeof state.params === 'object' && state.params !== null ? state.params : {},
        }))
      : null;
  } catch {
    return null;
  }
}

/**
 * The stack of states to show: the opened ones that exist (one without an id is the root state,
 * with its parameters), else the root state alone.
 */
export function openedStates(
  opened: readonly OpenedState[] | null,
  stateIds: readonly string[],
  rootId: string,
): OpenedState[] {
  const known = (opened ?? [])
    .map((state) => (state.id ? state : { ...state, id: rootId }))
    .filter((state) => stateIds.includes(state.id));
  return known.length > 0 ? known : [{ id: rootId, params: {} }];
}
