import { describe, expect, it } from 'vitest';
import { RuleNodeConfigError } from '../../node.js';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { checkMessageNode } from './check-message.js';
import { msgTypeFilterNode } from './msg-type-filter.js';
import { originatorTypeFilterNode } from './originator-type-filter.js';
import { originatorTypeSwitchNode } from './originator-type-switch.js';

const relationsOf = async (outputs: Promise<{ relations: readonly string[] }[]>) =>
  (await outputs).map((output) => output.relations);

describe('message type filter', () => {
  it('passes the default types on True and others on False', async () => {
    const node = await nodeHarness(msgTypeFilterNode, msgTypeFilterNode.defaultConfiguration, {});
    expect(await relationsOf(node.run(testMsg({})))).toEqual([['True']]);
    expect(await relationsOf(node.run(testMsg({}, { type: 'POST_ATTRIBUTES_REQUEST' })))).toEqual([['True']]);
    expect(await relationsOf(node.run(testMsg({}, { type: 'ALARM' })))).toEqual([['False']]);
  });

  it('refuses a list that is not of strings', () => {
    expect(() => msgTypeFilterNode.configure({ messageTypes: 'ALARM' })).toThrow(RuleNodeConfigError);
  });
});

describe('originator type filter', () => {
  it('matches the originator entity type', async () => {
    const node = await nodeHarness(originatorTypeFilterNode, { originatorTypes: ['ASSET'] }, {});
    expect(await relationsOf(node.run(testMsg({})))).toEqual([['False']]);
    const assetMsg = testMsg(
      {},
      { originator: { entityType: 'ASSET', id: '6c000000-1dd2-11b2-8080-808080808081' } },
    );
    expect(await relationsOf(node.run(assetMsg))).toEqual([['True']]);
  });

  it('defaults to devices and refuses unknown entity types', async () => {
    const node = await nodeHarness(originatorTypeFilterNode, {}, {});
    expect(await relationsOf(node.run(testMsg({})))).toEqual([['False']]);
    const byDefault = await nodeHarness(
      originatorTypeFilterNode,
      originatorTypeFilterNode.defaultConfiguration,
      {},
    );
    expect(await relationsOf(byDefault.run(testMsg({})))).toEqual([['True']]);
    expect(() => originatorTypeFilterNode.configure({ originatorTypes: ['GADGET'] })).toThrow(/GADGET/);
  });
});

describe('originator type switch', () => {
  it('routes by originator type label and fails an unsupported type', async () => {
    const node = await nodeHarness(originatorTypeSwitchNode, {}, {});
    expect(await relationsOf(node.run(testMsg({})))).toEqual([['Device']]);
    const view = testMsg(
      {},
      { originator: { entityType: 'ENTITY_VIEW', id: '6c000000-1dd2-11b2-8080-808080808081' } },
    );
    expect(await relationsOf(node.run(view))).toEqual([['Entity View']]);
    const rpc = testMsg(
      {},
      { originator: { entityType: 'RPC', id: '6c000000-1dd2-11b2-8080-808080808081' } },
    );
    await expect(node.run(rpc)).rejects.toThrow('Unsupported originator type: RPC');
    expect(originatorTypeSwitchNode.relationTypes).toContain('Rule chain');
  });
});

describe('check existence fields', () => {
  const msg = testMsg({ temperature: 21, humidity: 40 }, { metadata: { deviceName: 'A', ts: '1' } });

  it('with checkAllKeys needs every data and metadata key', async () => {
    const all = await nodeHarness(
      checkMessageNode,
      { messageNames: ['temperature', 'humidity'], metadataNames: ['deviceName'], checkAllKeys: true },
      {},
    );
    expect(await relationsOf(all.run(msg))).toEqual([['True']]);
    const missing = await nodeHarness(
      checkMessageNode,
      { messageNames: ['temperature', 'pressure'], metadataNames: [], checkAllKeys: 'true' },
      {},
    );
    expect(await relationsOf(missing.run(msg))).toEqual([['False']]);
  });

  it('without checkAllKeys needs one of them', async () => {
    const any = await nodeHarness(
      checkMessageNode,
      { messageNames: ['pressure'], metadataNames: ['deviceName'], checkAllKeys: false },
      {},
    );
    expect(await relationsOf(any.run(msg))).toEqual([['True']]);
    const none = await nodeHarness(
      checkMessageNode,
      { messageNames: ['pressure'], metadataNames: ['deviceType'], checkAllKeys: false },
      {},
    );
    expect(await relationsOf(none.run(msg))).toEqual([['False']]);
    expect(await relationsOf(none.run(testMsg('not json', { dataType: 'TEXT', metadata: {} })))).toEqual([
      ['False'],
    ]);
  });

  it('reads leniently and refuses bad values', () => {
    expect(checkMessageNode.configure({})).toEqual({
      messageNames: [],
      metadataNames: [],
      checkAllKeys: true,
    });
    expect(() => checkMessageNode.configure({ checkAllKeys: 'maybe' })).toThrow(
      "'checkAllKeys' must be true or false",
    );
  });
});
