import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, signInCallers } from './callers.js';
import { expectError, expectOk, startServer, type TestServer } from './helper.js';

/**
 * `POST /api/ruleChain/testScript` (reference RuleChainController.testScript): each script type's
 * output, failures answered as `{output: "", error}`, and who may call it.
 */

let server: TestServer;
let tokens: Record<Caller, string>;

beforeAll(async () => {
  server = await startServer();
  ({ tokens } = await signInCallers(server));
});

afterAll(async () => {
  await server?.close();
});

interface TestScriptJson {
  output: string;
  error: string;
}

const MSG_ARGS = ['msg', 'metadata', 'msgType'];

async function testScript(body: Record<string, unknown>, caller: Caller = 'tenantAdmin') {
  return server.api.post<TestScriptJson>(
    '/api/ruleChain/testScript',
    {
      argNames: MSG_ARGS,
      msg: '{"temperature": 22.5, "humidity": 78}',
      metadata: { deviceName: 'Thermostat A', deviceType: 'default', ts: '1700000000000' },
      msgType: 'POST_TELEMETRY_REQUEST',
      ...body,
    },
    { token: tokens[caller] },
  );
}

describe('POST /api/ruleChain/testScript', () => {
  it('update: answers the transformed message, metadata and type, pretty-printed', async () => {
    const result = expectOk(
      await testScript({
        scriptType: 'update',
        script:
          'var newMsg = {temperatureF: msg.temperature * 9 / 5 + 32, tags: ["a", "b"], empty: {}};\n' +
          'metadata.unit = "F";\nreturn {msg: newMsg, metadata: metadata, msgType: "TEMPERATURE_F"};',
      }),
    );
    expect(result).toEqual({
      output:
        '{\n  "msg" : {\n    "temperatureF" : 72.5,\n    "tags" : [ "a", "b" ],\n    "empty" : { }\n  },\n' +
        '  "metadata" : {\n    "deviceName" : "Thermostat A",\n    "deviceType" : "default",\n' +
        '    "ts" : "1700000000000",\n    "unit" : "F"\n  },\n  "msgType" : "TEMPERATURE_F"\n}',
      error: '',
    });
  });

  it('update: keeps the input parts the script does not return', async () => {
    const result = expectOk(await testScript({ scriptType: 'update', script: 'return {metadata: {a: 1}};' }));
    expect(JSON.parse(result.output)).toEqual({
      msg: { temperature: 22.5, humidity: 78 },
      metadata: { a: '1' },
      msgType: 'POST_TELEMETRY_REQUEST',
    });
  });

  it('generate: runs with the previous message as prevMsg, prevMetadata and prevMsgType', async () => {
    const result = expectOk(
      await testScript({
        scriptType: 'generate',
        argNames: ['prevMsg', 'prevMetadata', 'prevMsgType'],
        msg: '{"count": 1}',
        metadata: { data: '40' },
        msgType: 'POST_TELEMETRY_REQUEST',
        script: 'return {msg: {count: prevMsg.count + 1}, metadata: prevMetadata, msgType: prevMsgType};',
      }),
    );
    expect(result.error).toBe('');
    expect(JSON.parse(result.output)).toEqual({
      msg: { count: 2 },
      metadata: { data: '40' },
      msgType: 'POST_TELEMETRY_REQUEST',
    });
  });

  it('filter: answers true or false', async () => {
    expect(
      expectOk(await testScript({ scriptType: 'filter', script: 'return msg.temperature > 20;' })),
    ).toEqual({
      output: 'true',
      error: '',
    });
    expect(
      expectOk(await testScript({ scriptType: 'filter', script: 'return metadata.deviceType === "other";' })),
    ).toEqual({ output: 'false', error: '' });
  });

  it('switch: answers the relation names as a JSON array', async () => {
    expect(
      expectOk(
        await testScript({ scriptType: 'switch', script: 'return msg.temperature > 20 ? "Hot" : "Cold";' }),
      ),
    ).toEqual({ output: '[ "Hot" ]', error: '' });
    expect(
      expectOk(await testScript({ scriptType: 'switch', script: 'return ["Hot", "Humid", "Hot"];' })),
    ).toEqual({ output: '[ "Hot", "Humid" ]', error: '' });
  });

  it('json: answers any JSON (alarm details), pretty-printed', async () => {
    expect(
      expectOk(
        await testScript({
          scriptType: 'json',
          script:
            'var details = {}; details.temperature = msg.temperature; details.history = [1, {x: 2}]; return details;',
        }),
      ),
    ).toEqual({
      output: '{\n  "temperature" : 22.5,\n  "history" : [ 1, {\n    "x" : 2\n  } ]\n}',
      error: '',
    });
  });

  it('string: answers the text itself (log and to-email scripts)', async () => {
    expect(
      expectOk(
        await testScript({
          scriptType: 'string',
          script:
            "return '\\nIncoming message:\\n' + JSON.stringify(msg) + '\\nIncoming metadata:\\n' + JSON.stringify(metadata);",
        }),
      ),
    ).toEqual({
      output:
        '\nIncoming message:\n{"temperature":22.5,"humidity":78}\nIncoming metadata:\n' +
        '{"deviceName":"Thermostat A","deviceType":"default","ts":"1700000000000"}',
      error: '',
    });
  });

  it('passes a payload that is not JSON as text', async () => {
    expect(
      expectOk(
        await testScript({
          scriptType: 'string',
          msg: 'plain text',
          script: 'return typeof msg + ": " + msg;',
        }),
      ),
    ).toEqual({ output: 'string: plain text', error: '' });
  });

  it('answers the error of a failing script, and of a result of the wrong type', async () => {
    const syntax = expectOk(await testScript({ scriptType: 'filter', script: 'return msg.temperature >;' }));
    expect(syntax.output).toBe('');
    expect(syntax.error).toMatch(/^SyntaxError: .*\(line 1, column 25\)$/);

    const thrown = expectOk(
      await testScript({ scriptType: 'json', script: 'throw new Error("no temperature");' }),
    );
    expect(thrown).toEqual({ output: '', error: expect.stringMatching(/^Error: no temperature/) });

    expect(expectOk(await testScript({ scriptType: 'filter', script: 'return "yes";' }))).toEqual({
      output: '',
      error: 'Wrong result type: STRING',
    });
    expect(expectOk(await testScript({ scriptType: 'switch', script: 'return 42;' }))).toEqual({
      output: '',
      error: 'Wrong result type: NUMBER',
    });
    expect(expectOk(await testScript({ scriptType: 'update', script: 'return "x";' }))).toEqual({
      output: '',
      error: 'Wrong result type: STRING',
    });
    expect(expectOk(await testScript({ scriptType: 'string', script: 'return {a: 1};' }))).toEqual({
      output: '',
      error: 'Wrong result type: OBJECT',
    });
    expect(expectOk(await testScript({ scriptType: 'magic', script: 'return 1;' }))).toEqual({
      output: '',
      error: 'Unsupported script type: magic',
    });
  });

  it('keeps each script to itself: a global set by one test is not seen by the next', async () => {
    expect(
      expectOk(await testScript({ scriptType: 'string', script: 'globalThis.secret = "s3"; return "set";' })),
    ).toEqual({ output: 'set', error: '' });
    expect(
      expectOk(
        await testScript({ scriptType: 'string', script: 'return typeof secret;' }, 'otherTenantAdmin'),
      ),
    ).toEqual({ output: 'undefined', error: '' });
    expect(expectOk(await testScript({ scriptType: 'string', script: 'return typeof secret;' }))).toEqual({
      output: 'undefined',
      error: '',
    });
  });

  it('refuses a body without the script fields', async () => {
    const res = await server.api.post(
      '/api/ruleChain/testScript',
      { scriptType: 'filter' },
      { token: tokens.tenantAdmin },
    );
    expect(res.status).toBe(400);
  });

  it('is for tenant administrators only', async () => {
    expectError(await testScript({ scriptType: 'filter', script: 'return true;' }, 'customerUser'), 403, 20);
    expectError(await testScript({ scriptType: 'filter', script: 'return true;' }, 'sysadmin'), 403, 20);
    const anonymous = await server.api.post('/api/ruleChain/testScript', {
      script: 'return true;',
      scriptType: 'filter',
      argNames: MSG_ARGS,
      msg: '{}',
      metadata: {},
      msgType: 'X',
    });
    expect(anonymous.status).toBe(401);
  });
});
