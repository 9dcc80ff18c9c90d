// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the reference's ${metadataKey} pattern syntax, not JS templates
import { describe, expect, it } from 'vitest';
import { processPattern } from '../../services/msg-pattern.js';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { msgToEmailNode } from './msg-to-email.js';

describe('to email', () => {
  it('builds a SEND_EMAIL message from the default templates', async () => {
    const node = await nodeHarness(msgToEmailNode, msgToEmailNode.defaultConfiguration, {});
    const msg = testMsg(
      { temperature: 42 },
      { metadata: { userEmail: 'user@example.com', deviceType: 'thermostat', deviceName: 'T1', temp: '42' } },
    );
    const [output] = await node.run(msg);
    expect(output?.relations).toEqual(['Success']);
    expect(output?.msg.type).toBe('SEND_EMAIL');
    expect(output?.msg.originator).toEqual(msg.originator);
    expect(output?.msg.metadata).toEqual(msg.metadata);
    expect(JSON.parse(output?.msg.data ?? '')).toEqual({
      from: 'info@testmail.org',
      to: 'user@example.com',
      cc: null,
      bcc: null,
      subject: 'Device thermostat temperature high',
      body: 'Device T1 has high temperature 42',
      images: null,
      html: false,
    });
  });

  it('fills cc, bcc, html and images', async () => {
    const node = await nodeHarness(
      msgToEmailNode,
      {
        fromTemplate: 'a@b.c',
        toTemplate: 'x@y.z',
        ccTemplate: '${cc}',
        bccTemplate: '$[bcc]',
        subjectTemplate: 's',
        bodyTemplate: '<b>$[nested.value]</b>',
        html: 'true',
      },
      {},
    );
    const msg = testMsg(
      { bcc: 'hidden@y.z', nested: { value: 7 } },
      { metadata: { cc: 'copy@y.z', images: '{"logo":"data:image/png;base64,AA=="}' } },
    );
    const email = JSON.parse((await node.run(msg))[0]?.msg.data ?? '');
    expect(email).toMatchObject({ cc: 'copy@y.z', bcc: 'hidden@y.z', body: '<b>7</b>', html: true });
    expect(email.images).toEqual({ logo: 'data:image/png;base64,AA==' });
  });

  it('refuses missing templates', () => {
    expect(() =>
      msgToEmailNode.configure({ ...msgToEmailNode.defaultConfiguration, toTemplate: '' }),
    ).toThrow("'toTemplate' must not be empty");
  });
});

describe('processPattern', () => {
  const msg = testMsg(
    { a: { b: 'deep' }, n: 1.5, t: true, o: { x: 1 } },
    { metadata: { k: 'v', 'with.dot': 'd' } },
  );

  it('substitutes metadata and data placeholders and leaves unknown ones', () => {
    expect(processPattern('${k}-${with.dot}-$[a.b]-$[n]-$[t]', msg)).toBe('v-d-deep-1.5-true');
    expect(processPattern('${missing} $[missing] $[o] $[a.b.c]', msg)).toBe(
      '${missing} $[missing] $[o] $[a.b.c]',
    );
  });

  it('leaves data placeholders of a payload that is not a JSON object', () => {
    expect(processPattern('$[a]', testMsg('text', { dataType: 'TEXT' }))).toBe('$[a]');
  });
});
