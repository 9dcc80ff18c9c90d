import mqtt from 'mqtt';
import type { RunningServer } from './server';

export interface RpcRequest {
  method: string;
  params: unknown;
}

/**
 * A device connected over MQTT with its access token, subscribed to its RPC requests: each one is
 * recorded in `requests` and, when `answer` gives a value for it, answered on its response topic.
 */
export async function connectRpcDevice(
  server: RunningServer,
  token: string,
  answer?: (request: RpcRequest) => unknown,
): Promise<{ client: mqtt.MqttClient; requests: RpcRequest[] }> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.mqttPort}`, {
    username: token,
    reconnectPeriod: 0,
  });
  const requests: RpcRequest[] = [];
  client.on('message', (topic, payload) => {
    if (!topic.startsWith('v1/devices/me/rpc/request/')) return;
    const request = JSON.parse(payload.toString()) as RpcRequest;
    requests.push(request);
    const response = answer?.(request);
    if (response !== undefined) {
      const id = topic.split('/').pop();
      void client.publishAsync(`v1/devices/me/rpc/response/${id}`, JSON.stringify(response));
    }
  });
  await client.subscribeAsync('v1/devices/me/rpc/request/+');
  return { client, requests };
}
