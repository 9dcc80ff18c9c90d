import { SCRIPT_TYPES } from '@meridian/common';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import type { JsonValue } from '../../rule-engine/node.js';
import type { ScriptEngine } from '../../rule-engine/script/engine.js';
import { jacksonPretty, jacksonTypeName } from './jackson-pretty.js';

/**
 * `POST /api/ruleChain/testScript` (reference RuleChainController.testScript): the rule node
 * editors' "Test" button. Runs a tenant's script once on a message typed in the dialog and answers
 * `{output, error}`; a failing script (or a wrong result type) is an answer, not an HTTP error.
 */

export const TestScriptBody = Type.Object({
  script: Type.String({ maxLength: 1_000_000 }),
  scriptType: Type.String({ maxLength: 64 }),
  argNames: Type.Array(Type.String({ maxLength: 255 }), { maxItems: 16 }),
  /** The message payload as text: JSON, or any other text (the script then gets the string). */
  msg: Type.String({ maxLength: 1_000_000 }),
  metadata: Type.Record(
    Type.String(),
    Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
  ),
  msgType: Type.String({ maxLength: 255 }),
});
export type TestScriptInput = Static<typeof TestScriptBody>;

export interface TestScriptResult {
  output: string;
  error: string;
}

/** What each script type must return; the reference's RuleNodeJsScriptEngine checks. */
class WrongResultError extends Error {}

export class TestScriptService {
  constructor(private readonly scripts: ScriptEngine) {}

  async test(tenantId: string, input: TestScriptInput): Promise<TestScriptResult> {
    try {
      return { output: await this.run(tenantId, input), error: '' };
    } catch (error) {
      return { output: '', error: error instanceof Error ? error.message : String(error) };
    }
  }

  private async run(tenantId: string, input: TestScriptInput): Promise<string> {
    const { scriptType } = input;
    if (!KNOWN_SCRIPT_TYPES.has(scriptType)) throw new Error(`Unsupported script type: ${scriptType}`);
    const metadata = metadataOf(input.metadata);
    const msg = parseOrText(input.msg);
    const compiled = await this.scripts.compile(tenantId, input.script, input.argNames);
    let result: JsonValue;
    try {
      result = await compiled.invoke([msg, metadata, input.msgType]);
    } finally {
      compiled.release();
    }
    switch (scriptType) {
      case 'update':
      case 'generate':
        return jacksonPretty(messageOutput(result, msg, metadata, input.msgType));
      case 'filter':
        if (typeof result !== 'boolean') throw wrongType(result);
        return String(result);
      case 'switch':
        return jacksonPretty(switchOutput(result));
      case 'json':
        return jacksonPretty(result);
      default:
        if (typeof result !== 'string') throw wrongType(result);
        return result;
    }
  }
}

const KNOWN_SCRIPT_TYPES: ReadonlySet<string> = new Set(SCRIPT_TYPES);

function wrongType(result: JsonValue): WrongResultError {
  return new WrongResultError(`Wrong result type: ${jacksonTypeName(result)}`);
}

/** The script's `msg`: the parsed payload, or the text itself when it is not JSON. */
function parseOrText(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

/** Metadata values are strings, as in the reference (numbers and booleans given as such become text). */
function metadataOf(raw: Record<string, string | number | boolean | null>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value !== null) metadata[key] = String(value);
  }
  return metadata;
}

/**
 * A transform or generator result: `{msg?, metadata?, msgType?}`, each part falling back to the
 * input's, as the reference's `unbindMsg`; answered as `{msg, metadata, msgType}`.
 */
function messageOutput(
  result: JsonValue,
  msg: JsonValue,
  metadata: Record<string, string>,
  msgType: string,
): JsonValue {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) throw wrongType(result);
  const out: { [key: string]: JsonValue } = {};
  out.msg = 'msg' in result ? (result.msg ?? null) : msg;
  out.metadata = 'metadata' in result ? resultMetadata(result.metadata ?? null) : metadata;
  const type = result.msgType;
  out.msgType = typeof type === 'string' && type !== '' ? type : msgType;
  return out;
}

function resultMetadata(value: JsonValue): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new WrongResultError(`Wrong metadata type: ${jacksonTypeName(value)}`);
  }
  const metadata: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry === null || entry === undefined) continue;
    if (typeof entry === 'object') {
      throw new WrongResultError(`Metadata value of "${key}" must be text, not ${jacksonTypeName(entry)}`);
    }
    metadata[key] = String(entry);
  }
  return metadata;
}

/** A switch answers one relation name or an array of them; the reference keeps them as a set. */
function switchOutput(result: JsonValue): string[] {
  if (typeof result === 'string') return [result];
  if (!Array.isArray(result)) throw wrongType(result);
  const names = new Set<string>();
  for (const entry of result) {
    if (typeof entry !== 'string') throw wrongType(entry);
    names.add(entry);
  }
  return [...names];
}

export function registerTestScriptRoute(app: FastifyInstance, scripts: ScriptEngine): void {
  const service = new TestScriptService(scripts);
  app.post<{ Body: TestScriptInput }>(
    '/api/ruleChain/testScript',
    { config: { access: ['TENANT_ADMIN'] as const }, schema: { body: TestScriptBody } },
    (req) => service.test(principalOf(req).tenantId, req.body),
  );
}
