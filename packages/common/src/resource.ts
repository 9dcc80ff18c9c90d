import type { TbResourceId, TenantId } from './entity-ids.js';

/** Resources library (reference §1.5 TbResourceInfo / TbResource; spec 2 §3 "Other"). */

export const RESOURCE_TYPES = ['LWM2M_MODEL', 'JKS', 'PKCS_12'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** Prefix of custom (user-provided) resource names. */
export const CUSTOM_RESOURCE_PREFIX = 'custom';

/** A resource without its data (reference §1.5 TbResourceInfo). */
export interface TbResourceInfo {
  id: TbResourceId;
  createdTime: number;
  tenantId: TenantId;
  title: string;
  resourceType: ResourceType;
  resourceKey: string;
}

/** A resource with its file (base64 `data`). */
export interface TbResource extends TbResourceInfo {
  fileName: string;
  data: string;
}

/** Upload limit of multipart requests, 50 MB (reference §1.1). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
