import type { Authority } from '@meridian/common';

/**
 * Who is calling, rebuilt from the access token's claims alone (reference §2.2: no database lookup
 * per request). tenantId/customerId are NULL_UUID where the user has none, as on the wire.
 */
export interface Principal {
  userId: string;
  /** Token subject: the user's email, or the public customer's id for a public session. */
  sub: string;
  authority: Authority;
  tenantId: string;
  customerId: string;
  firstName: string | null;
  lastName: string | null;
  enabled: boolean;
  isPublic: boolean;
  /** Issued-at, epoch seconds. */
  iat: number;
}
