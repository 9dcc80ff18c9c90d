import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-secrets.js';

describe('redactSecrets', () => {
  it.each([
    [
      '/api/ws/plugins/telemetry?token=eyJhbGciOiJIUzUxMiJ9.eyJzdWIiOiJ4In0.sig-_x',
      '/api/ws/plugins/telemetry?token=***',
    ],
    ['/api/noauth/activate?activateToken=Abc123', '/api/noauth/activate?activateToken=***'],
    ['/login/resetPassword?resetToken=Abc123&x=1', '/login/resetPassword?resetToken=***&x=1'],
    ['/api/device?foo=1&accessToken=Dev_Token-1', '/api/device?foo=1&accessToken=***'],
    ['/api/v1/A1_TEST_TOKEN/telemetry', '/api/v1/***/telemetry'],
    ['/api/v1/A1_TEST_TOKEN/attributes?clientKeys=a', '/api/v1/***/attributes?clientKeys=a'],
    ['/api/v1/A1_TEST_TOKEN', '/api/v1/***'],
    [
      '"url":"/api/v1/tok/rpc","msg":"Route GET:/api/v1/tok/x not found"',
      '"url":"/api/v1/***/rpc","msg":"Route GET:/api/v1/***/x not found"',
    ],
  ])('redacts %s', (text, redacted) => {
    expect(redactSecrets(text)).toBe(redacted);
  });

  it.each([
    '/api/v1/provision',
    '/api/plugins/telemetry/DEVICE/123/values/timeseries?keys=temperature',
    '/api/user/123/token',
    '{"level":30,"msg":"request completed"}',
  ])('leaves %s alone', (text) => {
    expect(redactSecrets(text)).toBe(text);
  });
});
