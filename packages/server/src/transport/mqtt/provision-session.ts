import type { IPublishPacket as PublishPacket } from 'mqtt-packet';
import { decodeJson } from '../core/index.js';
import type { DeviceApi } from '../core/types.js';
import type { MqttConnection } from './connection.js';
import { payloadOf } from './device-session.js';
import {
  type MqttLogger,
  MqttSession,
  type PublishOutcome,
  type SessionLimits,
  SessionProtocolError,
} from './session.js';
import { FILTER_BITS, PROVISION_REQUEST_TOPIC, PROVISION_RESPONSE_TOPIC } from './topics.js';

/** How long a provisioning connection stays open after its answer, as the reference keeps it. */
export const PROVISION_CLOSE_DELAY_MS = 60_000;

/**
 * A connection with user name or client id `provision` (reference §4.3): it may only publish
 * `/provision/request`; the answer goes to `/provision/response`, and the connection closes a
 * minute later.
 */
export class ProvisionSession extends MqttSession {
  private closeTimer: NodeJS.Timeout | undefined;

  constructor(
    client: MqttConnection,
    private readonly api: DeviceApi,
    log: MqttLogger,
    limits: SessionLimits,
  ) {
    super(client, log, limits);
  }

  describe(): Record<string, unknown> {
    return { provisioning: true, clientId: this.client.clientId };
  }

  protected handlePublish(packet: PublishPacket): PublishOutcome {
    if (packet.topic !== PROVISION_REQUEST_TOPIC)
      throw new SessionProtocolError(`Unsupported topic for provisioning requests: ${packet.topic}`);
    const request = decodeJson(payloadOf(packet));
    this.api.provision(request).then(
      (response) => {
        this.send(
          PROVISION_RESPONSE_TOPIC,
          JSON.stringify(response),
          this.qosOf(FILTER_BITS.provisionResponse),
        );
        if (!this.closeTimer) {
          this.closeTimer = setTimeout(
            () => this.closeConnection('provisioning done'),
            PROVISION_CLOSE_DELAY_MS,
          );
          this.closeTimer.unref();
        }
      },
      (error: unknown) => this.fail(error),
    );
    return undefined;
  }

  end(): void {
    this.closing = true;
    if (this.closeTimer) clearTimeout(this.closeTimer);
  }
}
