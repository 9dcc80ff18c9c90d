import { NULL_UUID, type PageData, RPC_STATUSES, type Rpc, type RpcStatus } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/store.js';
import { badRequest, notFound } from '../../http/api-error.js';
import type { PageQuery } from '../../http/page-query.js';
import { type AuditRecorder, recordAction } from '../audit-logs/audited-action.js';
import { type EntityOwner, requireEntityAccess } from '../entities/owner.js';
import type { PersistentRpcPath, RpcCallPath } from './call-path.js';
import type { PersistentRpcs, RpcOutcome } from './dispatcher.js';
import { replyJson } from './reply-json.js';
import type { RpcRepo } from './repo.js';
import { parseRpcCallRequest, type RpcCallRequest } from './request-body.js';
import { rpcToWire, type StoredRpcRequest } from './wire.js';

/** RpcV1Controller answers failures with 408/409, RpcV2Controller with 504 for both. */
export type RpcApiVersion = 'v1' | 'v2';

/**
 * The answer to an RPC call. The reference answers failures with a bare status and no body
 * (`new ResponseEntity<>(status)`), and a one-way success with an empty 200.
 */
export type RpcCallAnswer = { status: 200; json: string | undefined } | { status: 406 | 408 | 409 | 504 };

const FAILURE_STATUS: Record<RpcApiVersion, { timeout: 408 | 504; noConnection: 409 | 504 }> = {
  v1: { timeout: 408, noConnection: 409 },
  v2: { timeout: 504, noConnection: 504 },
};

export interface RpcPageQuery extends PageQuery {
  rpcStatus?: string;
}

function parseRpcStatus(text: string | undefined): RpcStatus | undefined {
  if (text === undefined || text === '') return undefined;
  if (!(RPC_STATUSES as readonly string[]).includes(text)) {
    throw badRequest(`Invalid request: query parameter 'rpcStatus' has unknown RPC status '${text}'`);
  }
  return text as RpcStatus;
}

/**
 * Server-side RPC over REST (reference RpcV1Controller, RpcV2Controller, §1.4 "RPC"): access
 * checks, the persistent RPC table, and the calls that wait for a device's answer through the
 * dispatcher. Every call is recorded as an RPC_CALL audit entry of the device.
 */
export class RpcService {
  constructor(
    private readonly db: Db,
    private readonly repo: RpcRepo,
    private readonly persistent: PersistentRpcs,
    private readonly audit: AuditRecorder,
    /** How waiting calls reach the device: through the rule engine in the app. */
    private readonly callPath: RpcCallPath,
    /** How stored persistent RPCs reach the device: through the rule engine in the app. */
    private readonly persistentPath: PersistentRpcPath,
    private readonly now: () => number = Date.now,
  ) {}

  /** POST …/{oneway|twoway}/{deviceId}: `body` is the request text. */
  async call(
    principal: Principal,
    version: RpcApiVersion,
    deviceId: string,
    oneway: boolean,
    body: unknown,
  ): Promise<RpcCallAnswer> {
    const request = parseRpcCallRequest(body, this.now());
    const device = await requireEntityAccess(this.db, principal, 'RPC_CALL', {
      entityType: 'DEVICE',
      id: deviceId,
    });
    const callerCustomerId = principal.customerId === NULL_UUID ? null : principal.customerId;
    if (request.persistent) {
      const rpcId = await this.persist(device, callerCustomerId, oneway, request);
      await this.record(principal, device, oneway, request);
      return { status: 200, json: JSON.stringify({ rpcId }) };
    }
    const outcome = await this.callPath(device, callerCustomerId, oneway, request);
    const answer = this.answerOf(version, outcome);
    await this.record(principal, device, oneway, request, this.failureOf(outcome, answer));
    return answer;
  }

  private answerOf(version: RpcApiVersion, outcome: RpcOutcome): RpcCallAnswer {
    switch (outcome.kind) {
      case 'delivered':
        return { status: 200, json: undefined };
      case 'replied': {
        if (outcome.payload.trim() === '') return { status: 200, json: undefined };
        const json = replyJson(outcome.payload);
        return json === undefined ? { status: 406 } : { status: 200, json };
      }
      case 'timeout':
        return { status: FAILURE_STATUS[version].timeout };
      case 'noConnection':
        return { status: FAILURE_STATUS[version].noConnection };
    }
  }

  /** The failure an audit entry records, as the reference words it; undefined for a success. */
  private failureOf(outcome: RpcOutcome, answer: RpcCallAnswer): Error | undefined {
    if (outcome.kind === 'timeout') return new Error('RPC Error: TIMEOUT');
    if (outcome.kind === 'noConnection') return new Error('RPC Error: NO_ACTIVE_CONNECTION');
    if (answer.status === 406) return new Error('The device replied with something that is not JSON');
    return undefined;
  }

  private record(
    principal: Principal,
    device: EntityOwner,
    oneway: boolean,
    request: RpcCallRequest,
    error?: Error,
  ): Promise<void> {
    return recordAction(
      this.audit,
      principal,
      'RPC_CALL',
      // Filed under the caller's customer, as the reference does.
      { entityType: 'DEVICE', id: device.id, name: device.name, customerId: principal.customerId },
      { oneWay: oneway, method: request.method, params: request.paramsText },
      error,
    );
  }

  /**
   * Stores a persistent RPC (QUEUED, or EXPIRED when it arrives expired) and sends it on its way to
   * the device (the persistent path: the rule engine's RPC call request node queues it).
   */
  private async persist(
    device: EntityOwner,
    callerCustomerId: string | null,
    oneway: boolean,
    request: RpcCallRequest,
  ): Promise<string> {
    const id = request.requestUUID ?? uuidv1();
    const stored: StoredRpcRequest = {
      id,
      tenantId: { entityType: 'TENANT', id: device.tenantId },
      deviceId: { entityType: 'DEVICE', id: device.id },
      oneway,
      expirationTime: request.expirationTime,
      body: { method: request.method, params: request.paramsText },
      persisted: true,
      retries: request.retries ?? null,
      additionalInfo: request.additionalInfoText ?? null,
    };
    const now = this.now();
    const expired = request.expirationTime <= now;
    const inserted = await this.repo.insert({
      id,
      createdTime: now,
      tenantId: device.tenantId,
      deviceId: device.id,
      expirationTime: request.expirationTime,
      request: JSON.stringify(stored),
      status: expired ? 'EXPIRED' : 'QUEUED',
      additionalInfo: request.additionalInfoText ?? null,
    });
    if (!inserted) throw badRequest(`Invalid RPC request: an RPC with id '${id}' already exists`);
    if (!expired) await this.persistentPath(device, callerCustomerId, oneway, request, id);
    return id;
  }

  /** GET /api/rpc/persistent/{rpcId}: readable by whoever may read its device. */
  async get(principal: Principal, rpcId: string): Promise<Rpc> {
    const row = await this.repo.findById(rpcId);
    if (!row) throw notFound();
    await requireEntityAccess(this.db, principal, 'READ', { entityType: 'DEVICE', id: row.deviceId });
    return rpcToWire(row);
  }

  /** GET /api/rpc/persistent/device/{deviceId}: the device's RPCs, optionally of one status. */
  async listByDevice(principal: Principal, deviceId: string, query: RpcPageQuery): Promise<PageData<Rpc>> {
    const status = parseRpcStatus(query.rpcStatus);
    const device = await requireEntityAccess(this.db, principal, 'RPC_CALL', {
      entityType: 'DEVICE',
      id: deviceId,
    });
    const { rpcStatus: _status, ...page } = query;
    return this.repo.page(device.tenantId, device.id, status, page);
  }

  /** DELETE /api/rpc/persistent/{rpcId}: the tenant administrator removes it; a waiting RPC is not sent. */
  async delete(principal: Principal, rpcId: string): Promise<void> {
    const row = await this.repo.findById(rpcId);
    if (!row) throw notFound();
    requireAccess(principal, 'DELETE', 'RPC', { tenantId: row.tenantId, customerId: NULL_UUID });
    this.persistent.forget(row.id);
    await this.repo.delete(row.id);
  }
}
