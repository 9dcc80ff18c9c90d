import type { Case, Statuses } from './matrix.js';

/**
 * The telemetry WebSocket route. Its access token travels in `?token=` only (reference §3.1), so
 * the matrix's header tokens are refused for every caller before any upgrade; ws.test.ts checks the
 * handshake with real query tokens and the per-entity rules on subscriptions.
 */

//                                    anon  SA   TA   CU   TA2  CU2
const HEADER_TOKEN_REFUSED: Statuses = [401, 401, 401, 401, 401, 401];

export const WS_CASES: Case[] = [
  {
    method: 'GET',
    route: '/api/ws/plugins/:plugin',
    statuses: HEADER_TOKEN_REFUSED,
    request: () => ({ path: '/api/ws/plugins/telemetry' }),
  },
];
