/**
 * Sort properties the reference documents per list (reference §1.1, `ControllerConstants`). The
 * reference does not reject other names; these are the ones its console and API docs offer.
 */
export const SORT_PROPERTIES = {
  device: ['createdTime', 'name', 'deviceProfileName', 'label', 'customerTitle'],
  asset: ['createdTime', 'name', 'type', 'label', 'customerTitle'],
  edge: ['createdTime', 'name', 'type', 'label', 'customerTitle'],
  customer: ['createdTime', 'title', 'email', 'country', 'city'],
  dashboard: ['createdTime', 'title'],
  user: ['createdTime', 'firstName', 'lastName', 'email'],
  tenant: [
    'createdTime',
    'title',
    'email',
    'country',
    'state',
    'city',
    'address',
    'address2',
    'zip',
    'phone',
  ],
  tenantInfo: [
    'createdTime',
    'title',
    'email',
    'country',
    'state',
    'city',
    'address',
    'address2',
    'zip',
    'phone',
    'tenantProfileName',
  ],
  tenantProfile: ['createdTime', 'name', 'description', 'isDefault'],
  deviceProfile: ['createdTime', 'name', 'type', 'transportType', 'description', 'isDefault'],
  alarm: ['createdTime', 'startTs', 'endTs', 'type', 'ackTs', 'clearTs', 'severity', 'status'],
  entityView: ['createdTime', 'name', 'type'],
  entityViewInfo: ['createdTime', 'name', 'type', 'customerTitle'],
  ruleChain: ['createdTime', 'name', 'root'],
  widgetsBundle: ['createdTime', 'title', 'tenantId'],
  auditLog: ['createdTime', 'entityType', 'entityName', 'userName', 'actionType', 'actionStatus'],
  event: ['createdTime', 'id'],
  rpc: ['createdTime', 'expirationTime', 'request', 'response'],
  otaPackage: ['createdTime', 'type', 'title', 'version', 'tag', 'url', 'fileName', 'dataSize', 'checksum'],
  resource: ['createdTime', 'title', 'resourceType', 'tenantId'],
} as const satisfies Record<string, readonly string[]>;
export type SortPropertyList = keyof typeof SORT_PROPERTIES;
export type SortProperty<L extends SortPropertyList> = (typeof SORT_PROPERTIES)[L][number];

/** Default sort of reference list endpoints when no `sortProperty` is given (`id ASC`). */
export const DEFAULT_SORT_PROPERTY = 'id';

/** True when `property` is one of the documented sort properties of list `list`. */
export function isDocumentedSortProperty(list: SortPropertyList, property: string): boolean {
  return (SORT_PROPERTIES[list] as readonly string[]).includes(property);
}
