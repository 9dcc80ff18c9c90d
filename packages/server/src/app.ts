import { hostname } from 'node:os';
import Fastify, { type FastifyInstance } from 'fastify';
import { JwtService, newSigningKey } from './auth/jwt.js';
import { LoginThrottle } from './auth/login-throttle.js';
import { registerRouteAccess } from './auth/route-access.js';
import { TokenOutdating } from './auth/token-outdating.js';
import type {
  ClusterNode,
  ClusterPersistentRpcs,
  ClusterRpcRouting,
  JetStreamQueues,
} from './cluster/index.js';
import { registerClusterRoutes } from './cluster/routes.js';
import type { Config } from './config.js';
import type { Store } from './db/store.js';
import { registerConsole } from './http/console.js';
import { clientErrors, frameworkErrors, registerErrorHandling } from './http/error-handler.js';
import { registerJsonBodyParser } from './http/json-body.js';
import { registerValidation } from './http/validation.js';
import { registerWebSecurity } from './http/web-security.js';
import { registerWidgetFrame } from './http/widget-frame.js';
import { type LogDestination, redactingDestination } from './logging/redacting-destination.js';
import { AdminSettingsRepo } from './modules/admin/repo.js';
import { registerAdminRoutes } from './modules/admin/routes.js';
import { AdminService } from './modules/admin/service.js';
import { AlarmRulesProcessor } from './modules/alarm-rules/processor.js';
import { AlarmRulesRepo } from './modules/alarm-rules/repo.js';
import { AlarmEvents } from './modules/alarms/events.js';
import { AlarmLifecycle } from './modules/alarms/lifecycle.js';
import { AlarmQueryRepo } from './modules/alarms/query-repo.js';
import { AlarmQueryService } from './modules/alarms/query-service.js';
import { AlarmsRepo } from './modules/alarms/repo.js';
import { registerAlarmRoutes } from './modules/alarms/routes.js';
import { AlarmsService } from './modules/alarms/service.js';
import { UsageCountedScripts } from './modules/api-usage/counted-scripts.js';
import { ApiUsageService } from './modules/api-usage/service.js';
import { AssetsRepo } from './modules/assets/repo.js';
import { registerAssetRoutes } from './modules/assets/routes.js';
import { AssetsService } from './modules/assets/service.js';
import { AuditLogsRepo } from './modules/audit-logs/repo.js';
import { registerAuditLogRoutes } from './modules/audit-logs/routes.js';
import { AuditLogService } from './modules/audit-logs/service.js';
import { AccountLockout } from './modules/auth/account-lockout.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { AuthService } from './modules/auth/service.js';
import { registerBulkActionRoutes } from './modules/bulk-actions/routes.js';
import { BulkActionsService } from './modules/bulk-actions/service.js';
import { registerBulkImportRoutes } from './modules/bulk-import/routes.js';
import { BulkImportService } from './modules/bulk-import/service.js';
import { ComponentDescriptors } from './modules/component-descriptors/descriptors.js';
import { registerComponentDescriptorRoutes } from './modules/component-descriptors/routes.js';
import { AssignableRepo } from './modules/customer-assignable/repo.js';
import { registerAssignmentRoutes } from './modules/customer-assignable/routes.js';
import { CustomerAssignmentService } from './modules/customer-assignable/service.js';
import { CustomersRepo } from './modules/customers/repo.js';
import { registerCustomerRoutes } from './modules/customers/routes.js';
import { CustomersService } from './modules/customers/service.js';
import { DashboardAssignmentService } from './modules/dashboards/assignments.js';
import { HomeDashboardService } from './modules/dashboards/home.js';
import { DashboardsRepo } from './modules/dashboards/repo.js';
import { registerDashboardRoutes } from './modules/dashboards/routes.js';
import { DashboardsService } from './modules/dashboards/service.js';
import { registerDeviceClaimRoutes } from './modules/device-claims/routes.js';
import { DeviceClaimsService } from './modules/device-claims/service.js';
import { DeviceProfilesRepo } from './modules/device-profiles/repo.js';
import { registerDeviceProfileRoutes } from './modules/device-profiles/routes.js';
import { DeviceProfilesService } from './modules/device-profiles/service.js';
import { DeviceEvents } from './modules/devices/device-events.js';
import { DevicesRepo } from './modules/devices/repo.js';
import { registerDeviceRoutes } from './modules/devices/routes.js';
import { DevicesService } from './modules/devices/service.js';
import { EntityQueryRepo } from './modules/entity-query/repo.js';
import { registerEntityQueryRoutes } from './modules/entity-query/routes.js';
import { EntityQueryService } from './modules/entity-query/service.js';
import { EntityViewsRepo } from './modules/entity-views/repo.js';
import { registerEntityViewRoutes } from './modules/entity-views/routes.js';
import { EntityViewsService } from './modules/entity-views/service.js';
import { EventRecorder } from './modules/events/recorder.js';
import { EventsRepo } from './modules/events/repo.js';
import { registerEventRoutes } from './modules/events/routes.js';
import { EventsService } from './modules/events/service.js';
import { EventsTtlCleanup } from './modules/events/ttl-cleanup.js';
import { registerQueueRoutes } from './modules/queues/routes.js';
import { RelationsRepo } from './modules/relations/repo.js';
import { registerRelationRoutes } from './modules/relations/routes.js';
import { RelationsService } from './modules/relations/service.js';
import {
  type RpcRuleEngineMessage,
  ruleEngineCallPath,
  ruleEnginePersistentPath,
} from './modules/rpc/call-path.js';
import { createRpcModule, type RpcModule } from './modules/rpc/index.js';
import { RestRpcRequests } from './modules/rpc/rest-requests.js';
import { registerRpcRoutes } from './modules/rpc/routes.js';
import { RuleChainsRepo } from './modules/rule-chains/repo.js';
import { registerRuleChainRoutes } from './modules/rule-chains/routes.js';
import { RuleChainEvents } from './modules/rule-chains/rule-chain-events.js';
import { RuleChainsService } from './modules/rule-chains/service.js';
import { registerTestScriptRoute } from './modules/rule-chains/test-script.js';
import { registerHealthRoutes } from './modules/system/health.js';
import { registerSystemRoutes } from './modules/system/routes.js';
import { AttributeAudit } from './modules/telemetry/attribute-audit.js';
import { registerTelemetryRoutes } from './modules/telemetry/routes.js';
import { TelemetryApi } from './modules/telemetry/service.js';
import { tenantProfileLimit } from './modules/tenant-profiles/limits.js';
import { TenantProfilesRepo } from './modules/tenant-profiles/repo.js';
import { registerTenantProfileRoutes } from './modules/tenant-profiles/routes.js';
import { TenantProfilesService } from './modules/tenant-profiles/service.js';
import { TenantsRepo } from './modules/tenants/repo.js';
import { registerTenantRoutes } from './modules/tenants/routes.js';
import { TenantsService } from './modules/tenants/service.js';
import { UsersRepo } from './modules/users/repo.js';
import { registerUserRoutes } from './modules/users/routes.js';
import { UsersService } from './modules/users/service.js';
import { WidgetsRepo } from './modules/widgets/repo.js';
import { registerWidgetRoutes } from './modules/widgets/routes.js';
import { WidgetsBundlesService } from './modules/widgets/service.js';
import { WidgetTypesService } from './modules/widgets/types-service.js';
import { StoredChainSource } from './rule-engine/chain/stored-chain-source.js';
import { ComponentStats } from './rule-engine/component-stats.js';
import { RuleEngine } from './rule-engine/engine.js';
import { EntityActionRecorder } from './rule-engine/entity-action-recorder.js';
import { EntityMessages } from './rule-engine/entity-messages.js';
import { partitionOf } from './rule-engine/queue/pack-processor.js';
import { DEFAULT_QUEUES } from './rule-engine/queue/queue-config.js';
import { builtInNodes, type RuleNodeRegistry } from './rule-engine/registry.js';
import { SandboxScriptEngine } from './rule-engine/script/sandbox-engine.js';
import { TsKvPartitions } from './telemetry/partitions.js';
import { TelemetryRepo } from './telemetry/repo.js';
import { TelemetryService } from './telemetry/service.js';
import { TsTtlCleanup } from './telemetry/ttl-cleanup.js';
import { CoapTransport } from './transport/coap/coap-transport.js';
import {
  countPoints,
  createDeviceTransportCore,
  type DeviceTransportCore,
  IngestBatcher,
  MAX_BATCH_POINTS,
  TransportLimits,
} from './transport/core/index.js';
import { registerDeviceHttpRoutes } from './transport/http/routes.js';
import { GatewayDevices, MqttTransport } from './transport/mqtt/index.js';
import { registerTelemetryWebSocket, type TelemetryWebSocketStats } from './ws/plugin.js';

export interface Services {
  admin: AdminService;
  audit: AuditLogService;
  auth: AuthService;
  users: UsersService;
  jwt: JwtService;
  telemetry: TelemetryService;
  /** Removes time-series points past their owner's TTL, daily (`runOnce` for an immediate run). */
  tsTtl: TsTtlCleanup;
  /** Device connectivity core shared by the MQTT, HTTP and CoAP transports and the RPC module. */
  transport: DeviceTransportCore;
  deviceEvents: DeviceEvents;
  /** The CoAP device API; `coap.port()` is the bound UDP port once the server listens. */
  coap: CoapTransport;
  /** The MQTT device API; `mqtt.port()` is the bound TCP port once the server listens. */
  mqtt: MqttTransport;
  /** Server-side RPC: REST calls, persistent RPCs, and the sink of device deliveries and replies. */
  rpc: RpcModule;
  /** This node's part in a cluster (NATS_URL); undefined when it runs alone. */
  cluster: ClusterNode | undefined;
  /** Sessions and subscriptions of the telemetry WebSocket. */
  telemetryWs: TelemetryWebSocketStats;
  /** Records entity events (errors, lifecycle, statistics, rule engine debug); `flush()` writes what is buffered. */
  events: EventRecorder;
  /** Removes events past their TTL (`runOnce` for an immediate run). */
  eventsTtl: EventsTtlCleanup;
  /** Device-profile alarm rules: `idle()` waits for pending evaluations, `checkNow()` runs the periodic check. */
  alarmRules: AlarmRulesProcessor;
  /** The rule engine: `idle()` waits until every queued message is done. */
  rules: RuleEngine;
  /** Stored rule chains: the engine reads them (`repo.loadChain`, `repo.rootChainId`) and listens to `events`. */
  ruleChains: { repo: RuleChainsRepo; events: RuleChainEvents };
  /**
   * Binds the MQTT and CoAP listeners (started once HTTP listens: main.ts and the test harness).
   * Rejects with a message naming the port and its variable when a port cannot be bound.
   */
  startDeviceListeners(): Promise<void>;
}

/**
 * Wires repositories, services and routes over an open store. Each service receives exactly the
 * collaborators it uses; tests build their own app the same way.
 */
export async function buildApp(
  config: Config,
  store: Store,
  options: {
    logDestination?: LogDestination;
    /** The rule node types chains may use; the built-in nodes by default (tests pass their own). */
    ruleNodes?: RuleNodeRegistry;
  } = {},
): Promise<{ app: FastifyInstance; services: Services }> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      stream: redactingDestination(options.logDestination ?? process.stdout),
    },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    frameworkErrors,
    clientErrorHandler: clientErrors,
    // Device access tokens (credentials ids) may be 255 characters and travel in the path.
    routerOptions: { maxParamLength: 256 },
  });
  const { db } = store;
  const adminRepo = new AdminSettingsRepo(db);
  const admin = new AdminService(adminRepo);
  const signingKey = config.jwt.signingKey ?? (await admin.jwtSigningKey(newSigningKey));
  const jwt = new JwtService({ ...config.jwt, signingKey });
  const outdating = new TokenOutdating(db);
  const usersRepo = new UsersRepo(db);
  const customersRepo = new CustomersRepo(db);
  const tenantsRepo = new TenantsRepo(db);
  const tenantProfilesRepo = new TenantProfilesRepo(db);
  const tenantProfiles = new TenantProfilesService(db, tenantProfilesRepo);
  // Monthly API usage (counters written as the usage state entity's time series, read back on start).
  const apiUsage = new ApiUsageService(
    db,
    {
      saveTimeseries: (tenantId, entityId, entries) => telemetry.saveTimeseries(tenantId, entityId, entries),
      latest: (entityId, keys) => telemetry.latest(entityId, keys),
    },
    { reportIntervalMs: config.apiUsage.reportIntervalMs, log: app.log },
  );
  const tenants = new TenantsService(db, tenantsRepo, tenantProfilesRepo, outdating, [
    (trx, tenantId) => apiUsage.tenantCreated(trx, tenantId),
  ]);
  const auditLog = new AuditLogService(db, new AuditLogsRepo(db), app.log);
  // Every recorded entity action also reaches the rule engine once it runs (attached below).
  const audit = new EntityActionRecorder(auditLog);
  const customers = new CustomersService(db, customersRepo, tenantsRepo, outdating, audit);
  const loginThrottle = new LoginThrottle(config.loginSecurity.throttle);
  const auth = new AuthService(
    db,
    usersRepo,
    customersRepo,
    admin,
    jwt,
    outdating,
    app.log,
    audit,
    loginThrottle,
    new AccountLockout(usersRepo, config.loginSecurity.lockoutDurationMs),
  );
  const users = new UsersService(
    db,
    usersRepo,
    tenantsRepo,
    customersRepo,
    admin,
    (row, enabled) => auth.issueFor(row, enabled),
    outdating,
    config.userTokenAccessEnabled,
    audit,
  );
  const dashboardsRepo = new DashboardsRepo(db);
  const dashboards = {
    dashboards: new DashboardsService(db, dashboardsRepo, customersRepo, tenantsRepo, audit),
    assignments: new DashboardAssignmentService(db, dashboardsRepo, customersRepo, audit),
    home: new HomeDashboardService(dashboardsRepo, usersRepo, customersRepo, tenantsRepo),
  };
  const widgetsRepo = new WidgetsRepo(db);
  const widgets = {
    bundles: new WidgetsBundlesService(db, widgetsRepo),
    types: new WidgetTypesService(widgetsRepo),
  };
  const relations = new RelationsService(db, new RelationsRepo(db), audit);
  const assignments = new CustomerAssignmentService(
    db,
    new AssignableRepo(db),
    customersRepo,
    relations,
    { deleteEntityData: (entityId) => telemetry.deleteEntityData(entityId) },
    audit,
  );
  const deviceEvents = new DeviceEvents((err) => app.log.error({ err }, 'device event listener failed'));
  const deviceProfiles = new DeviceProfilesService(db, new DeviceProfilesRepo(db), audit, deviceEvents);
  const devices = new DevicesService(
    db,
    new DevicesRepo(db),
    deviceProfiles,
    customersRepo,
    tenantsRepo,
    assignments,
    audit,
    deviceEvents,
  );
  const assets = new AssetsService(db, new AssetsRepo(db), customersRepo, assignments, audit);
  const entityViews = new EntityViewsService(db, new EntityViewsRepo(db), customersRepo, relations, audit);

  const telemetry = new TelemetryService(new TelemetryRepo(db), (err) =>
    app.log.error({ err }, 'telemetry change listener failed'),
  );
  const alarmEvents = new AlarmEvents((err) => app.log.error({ err }, 'alarm event listener failed'));
  const alarmsRepo = new AlarmsRepo(db);
  const alarmLifecycle = new AlarmLifecycle(db, alarmsRepo, alarmEvents, Date.now, apiUsage);
  // Alarm rules run after each write (reference TbDeviceProfileNode); DURATION rules are also
  // checked every minute without new data, as the reference does.
  const alarmRules = new AlarmRulesProcessor(
    { repo: new AlarmRulesRepo(db), alarms: alarmsRepo, lifecycle: alarmLifecycle, telemetry, log: app.log },
    {
      checkIntervalMs: 60_000,
      maxDevices: 100_000,
      // In a cluster, the devices of the Main partitions this node holds (set with the queues below).
      ownsDevice: (deviceId, tenantId) => ownsRuleDevice(deviceId, tenantId),
    },
  );
  let ownsRuleDevice = (_deviceId: string, _tenantId: string) => true;
  // Every node's writes (in a cluster too): owner attribute values and deleted series stay current.
  telemetry.onChange((change) => alarmRules.onTelemetry(change));
  const ingest = new IngestBatcher(
    // In the background lane: on the embedded store a REST call does not wait for queued batches.
    store.backgroundDb,
    telemetry,
    MAX_BATCH_POINTS,
    // Two batches at once: PostgreSQL commits them from its pool (measured best in
    // bench/mqtt-ingest.mjs; more contend for the same latest rows); the embedded store's thread
    // starts the next as soon as one ends, while the server's thread settles the one before (at a
    // steady 4,000 msg/s, PUBACK p50 14–87 ms with one, 9–17 ms with two, on a noisy machine).
    2,
  );
  // Tenant scripts (decision 0031), shared by the rule nodes and the script test endpoint.
  const sandbox = new SandboxScriptEngine({
    onWorkerReplaced: (reason) => app.log.warn({ reason }, 'script sandbox worker replaced'),
  });
  const scripts = new UsageCountedScripts(sandbox, apiUsage);
  const ruleNodes = options.ruleNodes ?? builtInNodes();
  const ruleChains = {
    repo: new RuleChainsRepo(db),
    events: new RuleChainEvents((err) => app.log.error({ err }, 'rule chain event listener failed')),
  };
  const eventsRepo = new EventsRepo(db);
  // Closed after the rule engine (below), so the engine's last debug events are written.
  const events = new EventRecorder(eventsRepo, config.events.recorder, app.log);
  // The reference's service id names the node in events and RPC metadata; unique within a cluster.
  const serviceId = config.cluster?.nodeId ?? hostname();
  // Set once the cluster is joined (below); RPC outcomes for REST calls waiting on other nodes go through it.
  let clusterRpc: ClusterRpcRouting | undefined;
  let cluster: ClusterNode | undefined;
  let ruleQueues: JetStreamQueues | undefined;
  // REST calls waiting for their RPC's answer from the RPC call request node.
  const restRpcRequests = new RestRpcRequests();
  const componentStats = new ComponentStats(events, config.events.componentStats);
  const ruleEngine = new RuleEngine({
    events,
    stats: componentStats,
    usage: {
      ruleEngineEnabled: (tenantId) => apiUsage.enabled(tenantId, 'RE'),
      ruleNodeExecuted: (tenantId) => apiUsage.report(tenantId, 'RE_EXEC_COUNT'),
    },
    registry: ruleNodes,
    chains: new StoredChainSource(ruleChains.repo),
    services: {
      db,
      telemetry,
      writes: {
        // Data points the save nodes store count as the tenant's storage usage (reference STORAGE_DP_COUNT).
        saveTimeseries: (tenantId, entityId, entries, ttl) => {
          apiUsage.report(tenantId, 'STORAGE_DP_COUNT', countPoints(entries));
          return ingest.saveTimeseries(tenantId, entityId, entries, ttl);
        },
        saveAttributes: (entityId, scope, entries) => ingest.saveAttributes(entityId, scope, entries),
      },
      scripts,
      alarmRules,
      alarms: alarmLifecycle,
      deviceEvents,
      serviceId,
      mail: admin,
      sms: admin,
      usage: apiUsage,
      // The RPC module and the transports start after the engine; nodes call them only later.
      rpc: { call: (submission) => rpc.dispatcher.call(submission) },
      persistentRpc: { queuePersistent: (id, submission) => rpc.persistent.queuePersistent(id, submission) },
      restRpc: {
        complete: (requestUUID, outcome) => {
          if (restRpcRequests.complete(requestUUID, outcome)) return true;
          clusterRpc?.forwardRestOutcome(requestUUID, outcome);
          return false;
        },
      },
      clientRpc: {
        answer: (id, reply, requestServiceId) => {
          if (clusterRpc && requestServiceId && requestServiceId !== serviceId)
            clusterRpc.forwardClientRpcAnswer(requestServiceId, id, reply);
          else transport.clientRpc.answer(id, reply);
        },
      },
      log: app.log,
      now: Date.now,
    },
    executionLimit: async (tenantId) =>
      (await tenantProfileLimit(db, tenantId, 'maxRuleNodeExecutionsPerMessage')) ?? 0,
    log: app.log,
  });
  deviceEvents.on((event) => alarmRules.onDeviceEvent(event));
  alarmEvents.on((event) => alarmRules.onAlarmEvent(event));
  alarmRules.start();
  app.addHook('onClose', async () => alarmRules.close());
  const partitions = new TsKvPartitions(db, (message) => app.log.warn(message));
  await partitions.start();
  app.addHook('onClose', async () => partitions.stop());
  const tsTtl = new TsTtlCleanup(store.backgroundDb, config.tsTtl, app.log);
  tsTtl.start();
  app.addHook('onClose', async () => tsTtl.stop());
  const eventsTtl = new EventsTtlCleanup(eventsRepo, config.events.ttl, app.log);
  eventsTtl.start();
  app.addHook('onClose', async () => eventsTtl.stop());

  ruleChains.events.on((event) => {
    if (event.type === 'ROOT_CHANGED') ruleEngine.rootChanged(event.tenantId);
    else void ruleEngine.chainChanged(event.tenantId, event.ruleChainId);
  });
  const entityMessages = new EntityMessages(db, ruleEngine);
  audit.attach(entityMessages);
  await apiUsage.start();
  const transport = createDeviceTransportCore({
    db,
    telemetry,
    usage: apiUsage,
    limits: new TransportLimits({
      configurationOf: (tenantId) => apiUsage.profileConfiguration(tenantId),
      transportEnabled: (tenantId) => apiUsage.enabled(tenantId, 'TRANSPORT'),
    }),
    rules: ruleEngine,
    deviceEvents,
    log: app.log,
    options: {
      clientRpcTimeoutMs: config.deviceTransport.clientSideRpcTimeoutMs,
      claimDurationMs: config.deviceTransport.claimDurationMs,
      defaultInactivityTimeoutMs: config.deviceTransport.defaultInactivityTimeoutMs,
      stateCheckIntervalMs: config.deviceTransport.stateCheckIntervalMs,
      activityFlushMs: config.deviceTransport.activityReportMs,
      serviceId,
    },
  });
  // Sessions stop first, then the engine finishes what is queued, then the last writes commit.
  app.addHook('onClose', async () => {
    await transport.close();
    await ruleEngine.close();
    await ingest.close();
    await sandbox.close();
    await apiUsage.close();
    componentStats.close();
    await events.close();
    clusterRpc?.close();
    await cluster?.close();
  });
  // The device listeners' ports, once they exist (below); the cluster's heartbeats carry them.
  let transportPorts = () => ({
    mqttPort: config.mqttPort,
    mqttSslPort: null as number | null,
    coapPort: config.coapPort,
  });
  // What this node tells the others with its heartbeats, and the cluster page of a node alone.
  const startedAt = Date.now();
  const self = () => ({
    nodeId: serviceId,
    startedAt,
    httpPort: config.port,
    mqttPort: transportPorts().mqttPort,
    coapPort: transportPorts().coapPort,
  });
  // Cluster mode's code (and the NATS client) is loaded only by a cluster node.
  const kit = config.cluster ? await import('./cluster/index.js') : undefined;
  if (config.cluster && kit) {
    cluster = await kit.joinCluster(config.cluster, {
      telemetry,
      outdating,
      loginThrottle,
      apiUsage,
      notices: [
        kit.relayNotices('devices', deviceEvents),
        kit.relayNotices('alarms', alarmEvents),
        kit.relayNotices('rule-chains', ruleChains.events),
      ],
      self,
      log: app.log,
    });
    // Each device's inactivity is decided by one live node (its activity is heard by all).
    const { membership } = cluster;
    transport.state.setOwnership(
      (deviceId) => kit.rendezvousOwner(deviceId, membership.liveNodes()) === membership.nodeId,
    );
  }
  const joined = cluster;
  let persistentRpcs: ClusterPersistentRpcs | undefined;
  // Server-side RPCs, waiting and persistent, enter the device's chain (RPC_CALL_FROM_SERVER_TO_DEVICE).
  const sendRpc = ({ device, customerId, metadata, data }: RpcRuleEngineMessage) =>
    entityMessages.rpcToDevice(
      { entityType: 'DEVICE', id: device.id, tenantId: device.tenantId, customerId: customerId ?? undefined },
      data,
      metadata,
    );
  const rpc = await createRpcModule(
    db,
    audit,
    app.log,
    () => ({
      call: ruleEngineCallPath(restRpcRequests, sendRpc, serviceId),
      persistent: ruleEnginePersistentPath(sendRpc, serviceId),
    }),
    {},
    joined &&
      kit &&
      ((dispatcher, repo) => {
        // Each persistent RPC is held by its device's owner among the live nodes.
        persistentRpcs = new kit.ClusterPersistentRpcs(
          joined.bus,
          joined.membership,
          dispatcher,
          repo,
          app.log,
        );
        return persistentRpcs;
      }),
    // Each status a persistent RPC takes enters its device's chain as RPC_<status>, the RPC as data
    // (the reference's TbRpcService), once the status is stored.
    (stored) =>
      void entityMessages
        .send(
          null,
          { entityType: 'DEVICE', id: stored.deviceId.id, tenantId: stored.tenantId.id },
          `RPC_${stored.status}`,
          JSON.stringify(stored),
        )
        .catch((err: unknown) =>
          app.log.warn({ err, rpcId: stored.id.id }, 'RPC lifecycle message not sent'),
        ),
  );
  app.addHook('onClose', async () => {
    persistentRpcs?.close();
    await rpc.close();
  });
  // CoAP listens beside HTTP (reference §4.5 transport.coap.bind_port); port 0 picks a free one.
  const coap = new CoapTransport({ api: transport.api, codec: transport.codec, log: app.log });
  app.addHook('onClose', async () => coap.stop());
  // MQTT listens beside HTTP too (reference §4.5 transport.mqtt.bind_port, optional TLS listener).
  const mqtt = new MqttTransport(
    {
      api: transport.api,
      codec: transport.codec,
      gatewayDevices: new GatewayDevices(db, deviceProfiles),
      log: app.log,
    },
    { host: config.host, port: config.mqttPort, ...(config.mqttSsl ? { tls: config.mqttSsl } : {}) },
  );
  app.addHook('onClose', async () => mqtt.stop());
  transportPorts = () => ({
    mqttPort: mqtt.listening ? mqtt.port() : config.mqttPort,
    mqttSslPort: mqtt.listening ? (mqtt.tlsPort() ?? null) : null,
    coapPort: coap.boundPort() ?? config.coapPort,
  });
  if (joined && kit) {
    // Server-side RPCs reach devices whose session is on another node, and their answers come back.
    clusterRpc = new kit.ClusterRpcRouting(joined.bus, joined.membership, transport.sessions, app.log);
    clusterRpc.start(rpc.dispatcher, {
      completeRest: (requestUUID, outcome) => restRpcRequests.complete(requestUUID, outcome),
      answerClientRpc: (id, reply) => transport.clientRpc.answer(id, reply),
    });
    persistentRpcs?.start();
    // Rule engine queues on JetStream: each partition is consumed by one node at a time.
    const { name } = joined.config;
    ruleQueues = new kit.JetStreamQueues(joined.bus.nats, joined.membership, DEFAULT_QUEUES, {
      stream: `${name}_rule_engine`,
      subjectPrefix: joined.bus.subject('re'),
      leases: { bucket: `${name}_partitions` },
      onError: (err) => app.log.warn({ err }, 'rule engine queue failed'),
    });
    // Alarm rule state goes with the partition: a device whose partition left is read afresh if it returns.
    const movedAway = (ref: { queue: string; partition: number }) => {
      const partitions = DEFAULT_QUEUES.find((queue) => queue.name === ref.queue)?.partitions ?? 1;
      alarmRules.forgetDevices(
        (deviceId, tenantId) => partitionOf(`${tenantId}:${deviceId}`, partitions) === ref.partition,
      );
    };
    const mainPartitions = DEFAULT_QUEUES.find((queue) => queue.name === 'Main')?.partitions ?? 1;
    const mainPartitionOf = (deviceId: string, tenantId: string) =>
      partitionOf(`${tenantId}:${deviceId}`, mainPartitions);
    const queues = ruleQueues;
    ownsRuleDevice = (deviceId, tenantId) => {
      const partition = mainPartitionOf(deviceId, tenantId);
      return queues.leases.owned().some((ref) => ref.queue === 'Main' && ref.partition === partition);
    };
    // Alarm rule states fetched on start come with a partition that moves in.
    const movedIn = (ref: { queue: string; partition: number }) => {
      if (ref.queue !== 'Main') return;
      void alarmRules.restoreMovedIn(
        (deviceId, tenantId) => mainPartitionOf(deviceId, tenantId) === ref.partition,
      );
    };
    ruleQueues.leases.subscribe({ acquired: movedIn, released: movedAway, lost: movedAway });
  }
  transport.setRpcSink(clusterRpc ?? rpc.dispatcher);
  rpc.attach(clusterRpc ?? transport.sessions);

  registerErrorHandling(app);
  registerWebSecurity(app, config.webSecurity);
  registerJsonBodyParser(app);
  registerValidation(app);
  registerRouteAccess(app, jwt, outdating);
  registerAuthRoutes(app, auth);
  registerUserRoutes(app, users);
  registerTenantProfileRoutes(app, tenantProfiles);
  registerTenantRoutes(app, tenants);
  registerQueueRoutes(app);
  registerCustomerRoutes(app, customers);
  registerAdminRoutes(app, admin);
  registerDashboardRoutes(app, dashboards);
  registerWidgetRoutes(app, widgets);
  registerDeviceProfileRoutes(app, deviceProfiles);
  registerDeviceRoutes(app, devices);
  registerAssignmentRoutes(app, assignments, devices.kind);
  registerAssetRoutes(app, assets);
  registerAssignmentRoutes(app, assignments, assets.kind);
  registerRelationRoutes(app, relations);
  registerRuleChainRoutes(
    app,
    new RuleChainsService(db, ruleChains.repo, ruleNodes, audit, ruleChains.events),
  );
  registerComponentDescriptorRoutes(app, new ComponentDescriptors(ruleNodes));
  registerEntityViewRoutes(app, entityViews);
  const entityQueries = new EntityQueryService(db, new EntityQueryRepo(db));
  const alarmQueries = new AlarmQueryService(
    entityQueries,
    new AlarmQueryRepo(db),
    config.ws.maxEntitiesPerDataSubscription,
  );
  registerAlarmRoutes(app, new AlarmsService(db, alarmsRepo, alarmLifecycle, audit), alarmQueries);
  registerEntityQueryRoutes(app, entityQueries);
  registerAuditLogRoutes(app, auditLog);
  registerEventRoutes(app, new EventsService(db, eventsRepo));
  registerTelemetryRoutes(app, new TelemetryApi(db, telemetry, new AttributeAudit(audit), entityMessages));
  registerRpcRoutes(app, rpc.service);
  registerTestScriptRoute(app, scripts);
  registerDeviceHttpRoutes(app, transport);
  registerDeviceClaimRoutes(
    app,
    new DeviceClaimsService({
      devices: new DevicesRepo(db),
      kind: devices.kind,
      assignments,
      customers: customersRepo,
      claims: transport.claims,
      telemetry,
      claimAllowedByDefault: config.deviceTransport.claimAllowedByDefault,
    }),
  );
  registerBulkImportRoutes(app, new BulkImportService(db, deviceProfiles, telemetry, auditLog, app.log));
  const bulkActions = new BulkActionsService(
    {
      delete: {
        TENANT: (p, id) => tenants.delete(p, id),
        TENANT_PROFILE: (p, id) => tenantProfiles.delete(p, id),
        CUSTOMER: (p, id) => customers.delete(p, id),
        USER: (p, id) => users.delete(p, id),
        DEVICE_PROFILE: (p, id) => deviceProfiles.delete(p, id),
        DEVICE: (p, id) => devices.delete(p, id),
        ASSET: (p, id) => assets.delete(p, id),
        ENTITY_VIEW: (p, id) => entityViews.delete(p, id),
      },
      assign: {
        DEVICE: (p, id, customerId) => assignments.assign(p, devices.kind, customerId, id),
        ASSET: (p, id, customerId) => assignments.assign(p, assets.kind, customerId, id),
        ENTITY_VIEW: (p, id, customerId) => entityViews.assignToCustomer(p, customerId, id),
      },
      unassign: {
        DEVICE: (p, id) => assignments.unassign(p, devices.kind, id),
        ASSET: (p, id) => assignments.unassign(p, assets.kind, id),
        ENTITY_VIEW: (p, id) => entityViews.unassignFromCustomer(p, id),
      },
    },
    app.log,
  );
  registerBulkActionRoutes(app, bulkActions);
  registerSystemRoutes(app, {
    edgesEnabled: false,
    maxDatapointsLimit: 50000,
    helpBaseUrl: 'https://raw.githubusercontent.com/thingsboard/thingsboard-ui-help/release-3.3.4',
    transportPorts: () => transportPorts(),
  });
  registerHealthRoutes(app, {
    db,
    ...(cluster ? { clusterConnected: () => cluster?.bus.connected ?? false } : {}),
  });
  registerClusterRoutes(app, {
    clusterName: config.cluster?.name ?? null,
    nodeId: serviceId,
    nodes: () => cluster?.membership.nodes() ?? [{ ...self(), lastSeen: Date.now() }],
    partitions: async () => (ruleQueues ? ruleQueues.status() : []),
  });
  const telemetryWs = registerTelemetryWebSocket(app, {
    db,
    telemetry,
    queries: entityQueries,
    alarmQueries,
    alarmEvents,
    jwt,
    outdating,
    settings: config.ws,
  });
  registerWidgetFrame(app);
  await registerConsole(app, config.webDir);
  // Last: this node starts taking messages of its partitions once everything they use is wired.
  if (ruleQueues && kit) await ruleEngine.useSharedQueues(new kit.JetStreamRuleQueues(ruleQueues));
  // Device profile nodes with fetchAlarmRulesStateOnStart: their devices' alarm rule states, read now.
  alarmRules.restoreAtStart().then(
    (count) => count > 0 && app.log.info({ count }, 'Fetched the alarm rule states of devices'),
    (err: unknown) => app.log.error({ err }, 'Could not fetch the alarm rule states of devices'),
  );
  return {
    app,
    services: {
      admin,
      audit: auditLog,
      auth,
      users,
      jwt,
      telemetry,
      tsTtl,
      transport,
      deviceEvents,
      coap,
      mqtt,
      rpc,
      cluster,
      telemetryWs,
      alarmRules,
      rules: ruleEngine,
      ruleChains,
      events,
      eventsTtl,
      startDeviceListeners: async () => {
        await bindListener('MQTT', 'MQTT_PORT', config.mqttPort, () => mqtt.start());
        await bindListener('CoAP', 'COAP_PORT', config.coapPort, () =>
          coap.start(config.coapPort, config.host),
        );
      },
    },
  };
}

/** Runs a listener's start, turning "port in use" into a message that says what to change. */
async function bindListener(name: string, variable: string, port: number, start: () => Promise<void>) {
  try {
    await start();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      throw new Error(
        `${name} cannot listen on port ${port} (${code === 'EADDRINUSE' ? 'already in use' : 'not permitted'}): set ${variable} to a free port`,
      );
    }
    throw error;
  }
}
