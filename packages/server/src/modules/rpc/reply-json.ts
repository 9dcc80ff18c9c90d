import { JsonSyntaxError, parseLossless, stringifyLossless } from '../../telemetry/json-lossless.js';

/**
 * A device's RPC reply as compact JSON text with its numbers as written, or undefined when the
 * reply is not JSON (the REST call then answers 406, as the reference does).
 */
export function replyJson(payload: string): string | undefined {
  try {
    return stringifyLossless(parseLossless(payload));
  } catch (error) {
    if (error instanceof JsonSyntaxError) return undefined;
    throw error;
  }
}
