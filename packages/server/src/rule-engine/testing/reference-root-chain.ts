import type { JsonObject } from '@meridian/common';

/** The reference's exported root chain (fixtures/thingsboard-3.3.4/rule-chain-root.json), as test data. */
export const REFERENCE_ROOT_CHAIN: JsonObject = {
  ruleChain: {
    additionalInfo: null,
    name: 'Root Rule Chain',
    type: 'CORE',
    firstRuleNodeId: null,
    root: true,
    debugMode: false,
    configuration: null,
  },
  metadata: {
    firstNodeIndex: 6,
    nodes: [
      {
        additionalInfo: {
          layoutX: 824,
          layoutY: 156,
        },
        type: 'org.thingsboard.rule.engine.telemetry.TbMsgTimeseriesNode',
        name: 'Save Timeseries',
        debugMode: false,
        configuration: {
          defaultTTL: 0,
        },
      },
      {
        additionalInfo: {
          layoutX: 825,
          layoutY: 52,
        },
        type: 'org.thingsboard.rule.engine.telemetry.TbMsgAttributesNode',
        name: 'Save Client Attributes',
        debugMode: false,
        configuration: {
          scope: 'CLIENT_SCOPE',
          notifyDevice: 'false',
        },
      },
      {
        additionalInfo: {
          layoutX: 347,
          layoutY: 149,
        },
        type: 'org.thingsboard.rule.engine.filter.TbMsgTypeSwitchNode',
        name: 'Message Type Switch',
        debugMode: false,
        configuration: {
          version: 0,
        },
      },
      {
        additionalInfo: {
          layoutX: 825,
          layoutY: 266,
        },
        type: 'org.thingsboard.rule.engine.action.TbLogNode',
        name: 'Log RPC from Device',
        debugMode: false,
        configuration: {
          jsScript:
            "return '\\nIncoming message:\\n' + JSON.stringify(msg) + '\\nIncoming metadata:\\n' + JSON.stringify(metadata);",
        },
      },
      {
        additionalInfo: {
          layoutX: 825,
          layoutY: 379,
        },
        type: 'org.thingsboard.rule.engine.action.TbLogNode',
        name: 'Log Other',
        debugMode: false,
        configuration: {
          jsScript:
            "return '\\nIncoming message:\\n' + JSON.stringify(msg) + '\\nIncoming metadata:\\n' + JSON.stringify(metadata);",
        },
      },
      {
        additionalInfo: {
          layoutX: 825,
          layoutY: 468,
        },
        type: 'org.thingsboard.rule.engine.rpc.TbSendRPCRequestNode',
        name: 'RPC Call Request',
        debugMode: false,
        configuration: {
          timeoutInSeconds: 60,
        },
      },
      {
        additionalInfo: {
          description:
            'Process incoming messages from devices with the alarm rules defined in the device profile. Dispatch all incoming messages with "Success" relation type.',
          layoutX: 204,
          layoutY: 240,
        },
        type: 'org.thingsboard.rule.engine.profile.TbDeviceProfileNode',
        name: 'Device Profile Node',
        debugMode: false,
        configuration: {
          persistAlarmRulesState: false,
          fetchAlarmRulesStateOnStart: false,
        },
      },
    ],
    connections: [
      {
        fromIndex: 6,
        toIndex: 2,
        type: 'Success',
      },
      {
        fromIndex: 2,
        toIndex: 4,
        type: 'Other',
      },
      {
        fromIndex: 2,
        toIndex: 1,
        type: 'Post attributes',
      },
      {
        fromIndex: 2,
        toIndex: 0,
        type: 'Post telemetry',
      },
      {
        fromIndex: 2,
        toIndex: 3,
        type: 'RPC Request from Device',
      },
      {
        fromIndex: 2,
        toIndex: 5,
        type: 'RPC Request to Device',
      },
    ],
    ruleChainConnections: null,
  },
};
