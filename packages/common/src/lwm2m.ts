import type { PowerMode } from './transport.js';
import { DEFAULT_POWER_MODE } from './transport.js';

/**
 * LwM2M transport: security modes, bindings, observe attributes, client settings, credentials and
 * the validation rules of spec 2 §5 (attributes, port range).
 */

export const LWM2M_SECURITY_MODES = ['PSK', 'RPK', 'X509', 'NO_SEC'] as const;
export type Lwm2mSecurityMode = (typeof LWM2M_SECURITY_MODES)[number];

/** LwM2M transport bindings (UDP, SMS, … and their queue-mode combinations). */
export const LWM2M_BINDING_MODES = ['U', 'M', 'H', 'T', 'S', 'N', 'UQ', 'UQS', 'TQ', 'TQS', 'SQ'] as const;
export type Lwm2mBindingMode = (typeof LWM2M_BINDING_MODES)[number];

/** Write-attributes a resource may carry: minimum/maximum period, greater/less than, step. */
export const LWM2M_ATTRIBUTE_NAMES = ['pmin', 'pmax', 'gt', 'lt', 'st'] as const;
export type Lwm2mAttributeName = (typeof LWM2M_ATTRIBUTE_NAMES)[number];

/** Attributes that must be whole, non-negative numbers of seconds. */
export const LWM2M_PERIOD_ATTRIBUTE_NAMES = ['pmin', 'pmax'] as const satisfies readonly Lwm2mAttributeName[];

/** The two kinds of server a client is configured for. */
export const LWM2M_SERVER_TYPES = ['LWM2M', 'BOOTSTRAP'] as const;
export type Lwm2mServerType = (typeof LWM2M_SERVER_TYPES)[number];

/** Default listener ports (reference §4.5): server, secure server, bootstrap, secure bootstrap. */
export const LWM2M_SERVER_PORT = 5685;
export const LWM2M_SERVER_SECURE_PORT = 5686;
export const LWM2M_BOOTSTRAP_PORT = 5687;
export const LWM2M_BOOTSTRAP_SECURE_PORT = 5688;

export const LWM2M_PORT_MIN = 0;
export const LWM2M_PORT_MAX = 65535;

/** Default firmware and software update strategies of a new LwM2M profile. */
export const DEFAULT_LWM2M_FW_UPDATE_STRATEGY = 1;
export const DEFAULT_LWM2M_SW_UPDATE_STRATEGY = 1;

/** Attribute values keyed by attribute name. */
export type Lwm2mAttributes = Partial<Record<Lwm2mAttributeName, number>>;

/**
 * What the profile observes and how resources map to keys. Paths look like `/3_1.0/0/9`.
 */
export interface Lwm2mObserveAttr {
  observe: string[];
  attribute: string[];
  telemetry: string[];
  keyName: Record<string, string>;
  attributeLwm2m: Record<string, Lwm2mAttributes>;
}

export interface Lwm2mServerSecurityConfig {
  host: string;
  port: number;
  securityMode: Lwm2mSecurityMode;
  serverPublicKey?: string;
  serverId?: number;
  clientHoldOffTime?: number;
  bootstrapServerAccountTimeout?: number;
  lifetime?: number;
  defaultMinPeriod?: number;
  notifIfDisabled?: boolean;
  binding?: Lwm2mBindingMode;
  bootstrapServerIs?: boolean;
}

export interface Lwm2mClientSettings {
  clientOnlyObserveAfterConnect: number;
  fwUpdateStrategy: number;
  swUpdateStrategy: number;
  fwUpdateResource?: string;
  swUpdateResource?: string;
  powerMode?: PowerMode | null;
  psmActivityTimer?: number;
  edrxCycle?: number;
  pagingTransmissionWindow?: number;
  compositeOperationsSupport?: boolean;
}

export interface Lwm2mDeviceProfileTransportConfiguration {
  type: 'LWM2M';
  observeAttr: Lwm2mObserveAttr;
  bootstrap: Lwm2mServerSecurityConfig[];
  clientLwM2mSettings: Lwm2mClientSettings;
  bootstrapServerUpdateEnable?: boolean;
}

/** LwM2M profile defaults (spec 2 §9): nothing observed, update strategies 1, power mode DRX. */
export function createDefaultLwm2mProfileTransportConfiguration(): Lwm2mDeviceProfileTransportConfiguration {
  return {
    type: 'LWM2M',
    observeAttr: { observe: [], attribute: [], telemetry: [], keyName: {}, attributeLwm2m: {} },
    bootstrap: [],
    clientLwM2mSettings: {
      clientOnlyObserveAfterConnect: 1,
      fwUpdateStrategy: DEFAULT_LWM2M_FW_UPDATE_STRATEGY,
      swUpdateStrategy: DEFAULT_LWM2M_SW_UPDATE_STRATEGY,
      powerMode: DEFAULT_POWER_MODE,
      compositeOperationsSupport: false,
    },
  };
}

/** Client part of LWM2M_CREDENTIALS (`credentialsValue` JSON). `cert` only for X509. */
export interface Lwm2mClientCredentials {
  securityConfigClientMode: Lwm2mSecurityMode;
  endpoint: string;
  identity?: string;
  key?: string;
  cert?: string;
}

export interface Lwm2mServerCredentials {
  securityMode: Lwm2mSecurityMode;
  clientPublicKeyOrId?: string;
  clientSecretKey?: string;
}

/** The JSON stored in `credentialsValue` for LWM2M_CREDENTIALS. */
export interface Lwm2mDeviceCredentials {
  client: Lwm2mClientCredentials;
  bootstrap: {
    bootstrapServer: Lwm2mServerCredentials;
    lwm2mServer: Lwm2mServerCredentials;
  };
}

/** PSK identity of a client: the configured identity, or the endpoint when none is set (spec 2 §3). */
export function lwm2mPskIdentity(client: Pick<Lwm2mClientCredentials, 'endpoint' | 'identity'>): string {
  return client.identity !== undefined && client.identity.length > 0 ? client.identity : client.endpoint;
}

/** LwM2M port rule (spec 2 §5): an integer from 0 to 65535. */
export function isValidLwm2mPort(port: number): boolean {
  return Number.isInteger(port) && port >= LWM2M_PORT_MIN && port <= LWM2M_PORT_MAX;
}

export type Lwm2mAttributeProblem =
  | { code: 'required' }
  | { code: 'unknownAttribute'; name: string }
  | { code: 'notANumber'; name: Lwm2mAttributeName }
  | { code: 'notNonNegativeInteger'; name: Lwm2mAttributeName };

/**
 * Checks the write-attributes of one resource (spec 2 §5): at least one attribute is required;
 * names must be known; `pmin`/`pmax` must be digits only (whole, minimum 0); the others must be
 * finite numbers. Values may come from a form as strings. Returns every problem found.
 */
export function validateLwm2mAttributes(
  attributes: Readonly<Record<string, number | string | null | undefined>>,
): Lwm2mAttributeProblem[] {
  const entries = Object.entries(attributes).filter(([, value]) => value !== null && value !== undefined);
  if (entries.length === 0) {
    return [{ code: 'required' }];
  }
  const problems: Lwm2mAttributeProblem[] = [];
  for (const [name, value] of entries) {
    if (!(LWM2M_ATTRIBUTE_NAMES as readonly string[]).includes(name)) {
      problems.push({ code: 'unknownAttribute', name });
      continue;
    }
    const attribute = name as Lwm2mAttributeName;
    const text = String(value).trim();
    if ((LWM2M_PERIOD_ATTRIBUTE_NAMES as readonly string[]).includes(attribute)) {
      if (!/^\d+$/.test(text)) {
        problems.push({ code: 'notNonNegativeInteger', name: attribute });
      }
    } else if (text.length === 0 || !Number.isFinite(Number(text))) {
      problems.push({ code: 'notANumber', name: attribute });
    }
  }
  return problems;
}

/** LwM2M-specific part of a device's own transport configuration. */
export interface Lwm2mDeviceTransportConfiguration {
  type: 'LWM2M';
  powerMode?: PowerMode | null;
  psmActivityTimer?: number;
  edrxCycle?: number;
  pagingTransmissionWindow?: number;
}
