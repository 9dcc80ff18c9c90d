import type { DeviceProfileId, OtaPackageId, TenantId } from './entity-ids.js';
import type { JsonObject } from './json.js';

/**
 * OTA packages: firmware and software updates (spec 2 §3 "OTA package"; reference §1.5, §4.3).
 */

export const OTA_UPDATE_TYPES = ['FIRMWARE', 'SOFTWARE'] as const;
export type OtaUpdateType = (typeof OTA_UPDATE_TYPES)[number];

export const CHECKSUM_ALGORITHMS = [
  'MD5',
  'SHA256',
  'SHA384',
  'SHA512',
  'CRC32',
  'MURMUR3_32',
  'MURMUR3_128',
] as const;
export type ChecksumAlgorithm = (typeof CHECKSUM_ALGORITHMS)[number];

/** States a device reports in `fw_state` / `sw_state` while updating. */
export const OTA_UPDATE_STATES = [
  'QUEUED',
  'INITIATED',
  'DOWNLOADING',
  'DOWNLOADED',
  'VERIFIED',
  'UPDATING',
  'UPDATED',
  'FAILED',
] as const;
export type OtaUpdateState = (typeof OTA_UPDATE_STATES)[number];

/** An OTA package without its binary (reference §1.5 OtaPackageInfo). */
export interface OtaPackageInfo {
  id: OtaPackageId;
  createdTime: number;
  tenantId: TenantId;
  deviceProfileId: DeviceProfileId | null;
  type: OtaUpdateType;
  title: string;
  version: string;
  tag: string | null;
  url: string | null;
  hasData: boolean;
  fileName: string | null;
  contentType: string | null;
  checksumAlgorithm: ChecksumAlgorithm | null;
  checksum: string | null;
  dataSize: number | null;
  additionalInfo: JsonObject | null;
}

/** A package with its binary (base64). */
export interface OtaPackage extends OtaPackageInfo {
  data: string | null;
}

/** Body of `POST /api/otaPackage`: the info, plus whether the package is an external URL. */
export interface SaveOtaPackageInfoRequest extends Omit<OtaPackageInfo, 'id' | 'createdTime' | 'hasData'> {
  id?: OtaPackageId;
  usesUrl: boolean;
}

/** Prefix of the OTA attribute keys of each update type. */
export const OTA_ATTRIBUTE_PREFIX: Readonly<Record<OtaUpdateType, 'fw' | 'sw'>> = {
  FIRMWARE: 'fw',
  SOFTWARE: 'sw',
};

/** Shared attributes the server pushes to a device when a package is assigned (suffixes). */
export const OTA_SHARED_ATTRIBUTE_SUFFIXES = [
  'title',
  'version',
  'size',
  'checksum',
  'checksum_algorithm',
  'url',
  'tag',
  'ts',
] as const;
export type OtaSharedAttributeSuffix = (typeof OTA_SHARED_ATTRIBUTE_SUFFIXES)[number];

/** Key of an OTA shared attribute, e.g. `fw_title`, `sw_checksum_algorithm`. */
export function otaSharedAttributeKey(type: OtaUpdateType, suffix: OtaSharedAttributeSuffix): string {
  return `${OTA_ATTRIBUTE_PREFIX[type]}_${suffix}`;
}

/** Keys a device reports back: `current_fw_title`, `current_fw_version`, `fw_state` (or `sw`). */
export function otaReportedKeys(type: OtaUpdateType): {
  currentTitle: string;
  currentVersion: string;
  state: string;
} {
  const prefix = OTA_ATTRIBUTE_PREFIX[type];
  return {
    currentTitle: `current_${prefix}_title`,
    currentVersion: `current_${prefix}_version`,
    state: `${prefix}_state`,
  };
}
