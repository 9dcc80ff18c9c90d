import { createHash, timingSafeEqual } from 'node:crypto';
import type { ClaimResult, Device, EntityId } from '@meridian/common';
import { requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import { notFound } from '../../http/api-error.js';
import type { TelemetryService } from '../../telemetry/service.js';
import type { ClaimData, ClaimRegistry } from '../../transport/core/claim.js';
import { type AssignableKind, assignableTarget } from '../customer-assignable/kind.js';
import type { CustomerAssignmentService } from '../customer-assignable/service.js';
import type { CustomersRepo } from '../customers/repo.js';
import type { DeviceRow, DevicesRepo } from '../devices/repo.js';
import { CLAIMING_ALLOWED_KEY, CLAIMING_DATA_KEY, claimDataIn, claimingAllowedIn } from './stored-claim.js';

/** Answer of a claim: the claimed device only on SUCCESS (the reference sends the bare value otherwise). */
export type ClaimOutcome =
  | { response: 'SUCCESS'; device: Device }
  | { response: Exclude<ClaimResult, 'SUCCESS'> };

export interface DeviceClaimsDeps {
  devices: DevicesRepo;
  kind: AssignableKind<DeviceRow, Device>;
  assignments: CustomerAssignmentService;
  customers: CustomersRepo;
  /** Claims the devices announced over MQTT, HTTP or CoAP (the transport core's registry). */
  claims: ClaimRegistry;
  telemetry: Pick<TelemetryService, 'attributes' | 'saveAttributes' | 'deleteAttributes'>;
  /** `security.claim.allowClaimingByDefault`. */
  claimAllowedByDefault: boolean;
  now?: () => number;
}

/** Where the claim being checked came from: the device's announcement, or the `claimingData` attribute. */
interface FoundClaim {
  data: ClaimData;
  announced: boolean;
}

/**
 * The user side of device claiming (reference DeviceController claimDevice / reClaimDevice and
 * ClaimDevicesServiceImpl): a customer user who knows a device's secret takes the device for
 * their customer; re-claiming gives it back to the tenant so it can be claimed again.
 */
export class DeviceClaimsService {
  private readonly now: () => number;
  /** Claims of one device run one after another, so two users cannot both take the same device. */
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: DeviceClaimsDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** POST /api/customer/device/{deviceName}/claim: 404 when the tenant has no such device. */
  async claim(principal: Principal, deviceName: string, secretKey: string): Promise<ClaimOutcome> {
    requireAccess(principal, 'CLAIM_DEVICES', 'DEVICE');
    const found = await this.deps.devices.findByName(principal.tenantId, deviceName);
    if (!found) throw notFound();
    return this.serialized(found.id, async () => {
      // Read again inside the queue: an earlier claim may just have assigned it.
      const device = (await this.deps.devices.findById(found.id)) ?? found;
      return this.decide(principal, device, secretKey);
    });
  }

  /**
   * DELETE /api/customer/device/{deviceName}/claim: the device leaves its customer and its open
   * claim is dropped. A device without a customer only loses its claim, as in the reference.
   */
  async reclaim(principal: Principal, deviceName: string): Promise<void> {
    const device = await this.deps.devices.findByName(principal.tenantId, deviceName);
    if (!device) throw notFound();
    requireAccess(principal, 'CLAIM_DEVICES', 'DEVICE', assignableTarget(device));
    await this.serialized(device.id, async () => {
      this.deps.claims.remove(device.id);
      const current = await this.deps.devices.findById(device.id);
      if (!current || current.customerId === null) return;
      await this.deps.assignments.clearCustomerAudited(principal, this.deps.kind, current);
      if (!this.deps.claimAllowedByDefault) {
        // Without claiming by default, the device must be allowed explicitly to be claimed again.
        await this.deps.telemetry.saveAttributes(deviceRef(device.id), 'SERVER_SCOPE', [
          { key: CLAIMING_ALLOWED_KEY, value: { type: 'BOOLEAN', value: true } },
        ]);
      }
    });
  }

  private async decide(principal: Principal, device: DeviceRow, secretKey: string): Promise<ClaimOutcome> {
    const claim = await this.findClaim(device);
    if (!claim) return { response: device.customerId === null ? 'FAILURE' : 'CLAIMED' };
    if (this.now() > claim.data.expirationTime || !sameSecret(secretKey, claim.data.secretKey)) {
      // A wrong guess uses up the announcement, as in the reference: the device must announce again.
      if (claim.announced) this.deps.claims.remove(device.id);
      return { response: 'FAILURE' };
    }
    if (device.customerId !== null) {
      await this.consume(device.id);
      return { response: 'CLAIMED' };
    }
    const customer = await this.deps.customers.findById(principal.customerId);
    if (!customer || customer.tenantId !== device.tenantId) throw notFound();
    const claimed = await this.deps.assignments.setCustomerAudited(
      principal,
      this.deps.kind,
      device,
      customer,
    );
    await this.consume(device.id);
    return { response: 'SUCCESS', device: claimed };
  }

  /**
   * The device's announced claim (when claiming is allowed for it), else the claim stored in its
   * `claimingData` attribute; undefined when there is neither.
   */
  private async findClaim(device: DeviceRow): Promise<FoundClaim | undefined> {
    const attributes = await this.deps.telemetry.attributes(deviceRef(device.id), 'SERVER_SCOPE', [
      CLAIMING_ALLOWED_KEY,
      CLAIMING_DATA_KEY,
    ]);
    const announced = this.deps.claims.get(device.id);
    if (announced) {
      // The reference refuses the announcement itself when claiming is not allowed for the device.
      if (this.deps.claimAllowedByDefault || claimingAllowedIn(attributes))
        return { data: announced, announced: true };
      this.deps.claims.remove(device.id);
    }
    const stored = claimDataIn(attributes);
    return stored ? { data: stored, announced: false } : undefined;
  }

  /** A used claim goes: the announcement and both claiming attributes. */
  private async consume(deviceId: string): Promise<void> {
    this.deps.claims.remove(deviceId);
    await this.deps.telemetry.deleteAttributes(deviceRef(deviceId), 'SERVER_SCOPE', [
      CLAIMING_ALLOWED_KEY,
      CLAIMING_DATA_KEY,
    ]);
  }

  private serialized<T>(deviceId: string, run: () => Promise<T>): Promise<T> {
    const previous = this.running.get(deviceId) ?? Promise.resolve();
    const next = previous.then(run, run);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.running.set(deviceId, settled);
    void settled.then(() => {
      if (this.running.get(deviceId) === settled) this.running.delete(deviceId);
    });
    return next;
  }
}

const deviceRef = (id: string): EntityId => ({ entityType: 'DEVICE', id });

/**
 * The reference's secretKeyIsEmptyOrEqual, with absent secrets as ''. Compared by digest in constant
 * time, so the answer time does not tell how much of a guess was right.
 */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}
