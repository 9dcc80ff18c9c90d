import { type IncomingMessage, ObserveWriteStream, type OutgoingMessage } from 'coap';
import type { DownlinkBody } from '../core/index.js';
import { bodyBytes, CONTENT_FORMAT_JSON, contentFormatOf } from './downlinks.js';

/** What node-coap hands a request handler: a plain response, or an observe stream for Observe=0. */
export type CoapResponse = OutgoingMessage | ObserveWriteStream;

/**
 * What a response carries: a diagnostic text (errors), a JSON value, or an encoded downlink (JSON
 * text or protobuf bytes); the last two with their Content-Format.
 */
export type ReplyBody = { text: string } | { json: unknown } | { downlink: DownlinkBody };

function encodeReply(body: ReplyBody): { payload: Buffer; contentFormat?: number } {
  if ('text' in body) return { payload: Buffer.from(body.text) };
  if ('json' in body)
    return { payload: Buffer.from(JSON.stringify(body.json)), contentFormat: CONTENT_FORMAT_JSON };
  const downlink = body.downlink;
  return { payload: bodyBytes(downlink), contentFormat: contentFormatOf(downlink) };
}

/** Answers a request once. */
export function reply(res: CoapResponse, code: string, body?: ReplyBody): void {
  const encoded = body === undefined ? undefined : encodeReply(body);
  if (res instanceof ObserveWriteStream) {
    // An observe request answered without an observation: one response without the Observe
    // option. write() would add the option, so the payload goes out through _doSend (what
    // node-coap's own finish handler calls); a bare answer is simply end().
    res.statusCode = code;
    if (encoded === undefined) {
      res.end();
      return;
    }
    if (encoded.contentFormat !== undefined) res.setOption('Content-Format', encoded.contentFormat);
    res._doSend(encoded.payload);
    return;
  }
  res.code = code;
  if (encoded?.contentFormat !== undefined) res.setOption('Content-Format', encoded.contentFormat);
  res.end(encoded?.payload);
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
