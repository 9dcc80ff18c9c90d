import protobuf from 'protobufjs';

/**
 * The reference's own protobuf messages that devices of PROTOBUF profiles exchange whatever their
 * profile's schemas say (ThingsBoard 3.3 `queue.proto` package `transport` for downlinks,
 * `transport.proto` `TransportApiProtos` for the attribute and client-side RPC requests). Field
 * names and numbers are the wire contract; names are kept as written (`bool_v`).
 */
const TRANSPORT_PROTO = `
syntax = "proto3";
package transport;
enum KeyValueType {
  BOOLEAN_V = 0;
  LONG_V = 1;
  DOUBLE_V = 2;
  STRING_V = 3;
  JSON_V = 4;
}
message KeyValueProto {
  string key = 1;
  KeyValueType type = 2;
  bool bool_v = 3;
  int64 long_v = 4;
  double double_v = 5;
  string string_v = 6;
  string json_v = 7;
}
message TsKvProto {
  int64 ts = 1;
  KeyValueProto kv = 2;
}
message GetAttributeResponseMsg {
  int32 requestId = 1;
  repeated TsKvProto clientAttributeList = 2;
  repeated TsKvProto sharedAttributeList = 3;
  string error = 5;
}
message AttributeUpdateNotificationMsg {
  repeated TsKvProto sharedUpdated = 1;
  repeated string sharedDeleted = 2;
}
message ToServerRpcResponseMsg {
  int32 requestId = 1;
  string payload = 2;
  string error = 3;
}
message AttributesRequest {
  string clientKeys = 1;
  string sharedKeys = 2;
}
message RpcRequest {
  string method = 1;
  string params = 2;
}
`;

export type TransportMessageName =
  | 'GetAttributeResponseMsg'
  | 'AttributeUpdateNotificationMsg'
  | 'ToServerRpcResponseMsg'
  | 'AttributesRequest'
  | 'RpcRequest';

let root: protobuf.Root | undefined;

/** One of the reference's transport messages (parsed once). */
export function transportMessage(name: TransportMessageName): protobuf.Type {
  if (!root) {
    root = protobuf.parse(TRANSPORT_PROTO, { keepCase: true }).root;
    root.resolveAll();
  }
  return root.lookupType(`transport.${name}`);
}

/**
 * The last top-level message a profile schema declares: the reference builds the descriptor of
 * every profile schema (telemetry, attributes, RPC request, RPC response) from the last message
 * type of the file (`ProtoTransportPayloadConfiguration`).
 */
export function lastTopLevelMessage(namespace: protobuf.NamespaceBase): protobuf.Type | undefined {
  let last: protobuf.Type | undefined;
  for (const nested of namespace.nestedArray) {
    if (nested instanceof protobuf.Type) last = nested;
    else if (nested instanceof protobuf.Namespace) last = lastTopLevelMessage(nested) ?? last;
  }
  return last;
}

const MAX_CACHED_SCHEMAS = 1000;

/**
 * Profile schemas parsed once per text, so a profile change needs no invalidation; a bad schema
 * is remembered as its error. Bounded: a flood of distinct schemas only empties the cache.
 */
export class ParsedSchemaCache {
  private readonly parsed = new Map<string, protobuf.Type | Error>();

  constructor(private readonly parse: (schema: string) => protobuf.Type | Error) {}

  /** The message type of the schema; throws the error parsing gave. */
  get(schema: string): protobuf.Type {
    let parsed = this.parsed.get(schema);
    if (!parsed) {
      parsed = this.parse(schema);
      if (this.parsed.size >= MAX_CACHED_SCHEMAS) this.parsed.clear();
      this.parsed.set(schema, parsed);
    }
    if (parsed instanceof Error) throw parsed;
    return parsed;
  }
}
