import { useAuthState } from '../services/useAuthState';
import { type Ability, can } from './abilities';

/** Whether the signed-in user may do this; the only source pages use to show or enable an action. */
export function useCan(ability: Ability): boolean {
  return can(useAuthState().authUser, ability);
}
