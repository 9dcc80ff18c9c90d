import type { Case, Statuses } from './matrix.js';

/**
 * Rows of the HTTP device API (reference §4.2). Devices authenticate with the access token in the
 * path, never with a JWT, so every caller gets the same answer whatever user token it sends; the
 * answers carry attribute values only, never ids of the device's tenant or customer (the leak check
 * of access.test.ts verifies that for the callers of another tenant and customer). Long polls and
 * client-side RPC would wait, so their rows send a request the API refuses at once.
 */

//                                  anon  SA   TA   CU   TA2  CU2
const SAME_FOR_ALL: Statuses = [200, 200, 200, 200, 200, 200];
const REFUSED_FOR_ALL: Statuses = [400, 400, 400, 400, 400, 400];

const TOKEN = 'A1_TEST_TOKEN';
const BASE = `/api/v1/${TOKEN}`;

const row = (method: string, route: string, statuses: Statuses, path: string, json?: unknown): Case => ({
  method,
  route,
  statuses,
  request: () => ({ path, ...(json !== undefined ? { json } : {}) }),
});

export const DEVICE_API_CASES: Case[] = [
  row('POST', '/api/v1/:token/telemetry', SAME_FOR_ALL, `${BASE}/telemetry`, { matrixTelemetry: 1 }),
  row('POST', '/api/v1/:token/attributes', SAME_FOR_ALL, `${BASE}/attributes`, { matrixClient: 1 }),
  row('GET', '/api/v1/:token/attributes', SAME_FOR_ALL, `${BASE}/attributes?clientKeys=matrixClient`),
  row('GET', '/api/v1/:token/attributes/updates', REFUSED_FOR_ALL, `${BASE}/attributes/updates?timeout=soon`),
  row('GET', '/api/v1/:token/rpc', REFUSED_FOR_ALL, `${BASE}/rpc?timeout=soon`),
  row('POST', '/api/v1/:token/rpc/:requestId', SAME_FOR_ALL, `${BASE}/rpc/1`, { result: 'ok' }),
  row('POST', '/api/v1/:token/rpc', REFUSED_FOR_ALL, `${BASE}/rpc`, { params: {} }),
  row('POST', '/api/v1/:token/claim', SAME_FOR_ALL, `${BASE}/claim`, { secretKey: 'matrix' }),
  row('POST', '/api/v1/provision', SAME_FOR_ALL, '/api/v1/provision', {
    deviceName: 'matrix',
    provisionDeviceKey: 'unknown',
    provisionDeviceSecret: 'unknown',
  }),
];
