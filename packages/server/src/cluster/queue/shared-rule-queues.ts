import type { SharedMessage, SharedQueues } from '../../rule-engine/engine.js';
import { decodeWire, encodeWire } from '../wire-codec.js';
import type { JetStreamQueues } from './jetstream-queues.js';

/** The rule engine's messages on the JetStream queues, as JSON (64-bit values kept). */
export class JetStreamRuleQueues implements SharedQueues {
  constructor(private readonly queues: JetStreamQueues) {}

  publish(queueName: string, partitionKey: string, tenantKey: string, message: SharedMessage): Promise<void> {
    return this.queues.publish(queueName, partitionKey, encodeWire(message), tenantKey);
  }

  start(handler: (message: SharedMessage) => Promise<void>): Promise<void> {
    return this.queues.start((_queueName, payload) => handler(decodeWire<SharedMessage>(payload)));
  }

  close(): Promise<void> {
    return this.queues.close();
  }
}
