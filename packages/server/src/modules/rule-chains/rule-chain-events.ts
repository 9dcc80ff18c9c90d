/**
 * In-process notices about rule chains, emitted by the rule chain service after the change
 * committed. The rule engine listens: it reloads an updated chain, stops a deleted one and sends
 * a tenant's messages without a chain of their own to its new root chain.
 */
export type RuleChainEvent =
  | { type: 'CHAIN_UPDATED'; tenantId: string; ruleChainId: string }
  | { type: 'CHAIN_DELETED'; tenantId: string; ruleChainId: string }
  | { type: 'ROOT_CHANGED'; tenantId: string; ruleChainId: string };

export type RuleChainEventListener = (event: RuleChainEvent) => void;

export class RuleChainEvents {
  private readonly listeners = new Set<RuleChainEventListener>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  /** Adds a listener; returns the function that removes it. */
  on(listener: RuleChainEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener; a failing listener never breaks the request that changed the chain. */
  emit(event: RuleChainEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
