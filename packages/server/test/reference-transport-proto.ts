import protobuf from 'protobufjs';

/**
 * The reference's transport messages as ThingsBoard 3.3 declares them (`queue.proto` and
 * `transport.proto`, package `transport`), written out for the API tests on their own so that
 * devices in tests speak the reference's contract, not the server's copy of it.
 */
export const REFERENCE_TRANSPORT = protobuf.parse(
  `syntax = "proto3";
package transport;
enum KeyValueType { BOOLEAN_V = 0; LONG_V = 1; DOUBLE_V = 2; STRING_V = 3; JSON_V = 4; }
message KeyValueProto {
  string key = 1; KeyValueType type = 2; bool bool_v = 3; int64 long_v = 4;
  double double_v = 5; string string_v = 6; string json_v = 7;
}
message TsKvProto { int64 ts = 1; KeyValueProto kv = 2; }
message GetAttributeResponseMsg {
  int32 requestId = 1; repeated TsKvProto clientAttributeList = 2;
  repeated TsKvProto sharedAttributeList = 3; string error = 5;
}
message AttributeUpdateNotificationMsg { repeated TsKvProto sharedUpdated = 1; repeated string sharedDeleted = 2; }
message ToServerRpcResponseMsg { int32 requestId = 1; string payload = 2; string error = 3; }
message AttributesRequest { string clientKeys = 1; string sharedKeys = 2; }
message RpcRequest { string method = 1; string params = 2; }`,
  { keepCase: true },
).root;

/** A device's request (`AttributesRequest`, `RpcRequest`) as the bytes it sends. */
export function encodeRequest(
  name: 'AttributesRequest' | 'RpcRequest',
  object: Record<string, string>,
): Buffer {
  const type = REFERENCE_TRANSPORT.lookupType(`transport.${name}`);
  return Buffer.from(type.encode(type.fromObject(object)).finish());
}
