import { type IncomingMessage, ObserveWriteStream, type OutgoingMessage } from 'coap';
import { CONTENT_FORMAT_JSON } from './observation.js';

/** What node-coap hands a request handler: a plain response, or an observe stream for Observe=0. */
export type CoapResponse = OutgoingMessage | ObserveWriteStream;

/**
 * Answers a request once. `body` is a diagnostic text (errors) or a JSON value (sent with
 * Content-Format application/json).
 */
export function reply(res: CoapResponse, code: string, body?: { text: string } | { json: unknown }): void {
  const payload =
    body === undefined ? undefined : Buffer.from('text' in body ? body.text : JSON.stringify(body.json));
  if (res instanceof ObserveWriteStream) {
    // An observe request answered without an observation: one response without the Observe
    // option. write() would add the option, so the payload goes out through _doSend (what
    // node-coap's own finish handler calls); a bare answer is simply end().
    res.statusCode = code;
    if (payload === undefined) {
      res.end();
      return;
    }
    if (body !== undefined && 'json' in body) res.setOption('Content-Format', CONTENT_FORMAT_JSON);
    res._doSend(payload);
    return;
  }
  res.code = code;
  if (body !== undefined && 'json' in body) res.setOption('Content-Format', CONTENT_FORMAT_JSON);
  res.end(payload);
}

/** Values of one repeatable option (Uri-Path, Uri-Query) as text, in order. */
export function optionTexts(req: IncomingMessage, name: 'Uri-Path' | 'Uri-Query'): string[] {
  const texts: string[] = [];
  for (const option of req._packet.options ?? []) {
    if (option.name !== name) continue;
    const value: unknown = option.value;
    if (Buffer.isBuffer(value)) texts.push(value.toString('utf8'));
    else if (typeof value === 'string') texts.push(value);
  }
  return texts;
}

/** The Observe option of a request: 0 register, 1 deregister, undefined when absent. */
export function observeOption(req: IncomingMessage): number | undefined {
  const value = req.headers.Observe;
  return typeof value === 'number' ? value : undefined;
}

/** How node-coap identifies a client endpoint (its default clientIdentifier). */
export function clientEndpoint(req: IncomingMessage): string {
  return `${req.rsinfo.address}:${req.rsinfo.port}`;
}
