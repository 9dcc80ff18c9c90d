export { GatewayDevices } from './gateway-devices.js';
export {
  MQTT_DEFAULTS,
  MqttTransport,
  type MqttTransportDeps,
  type MqttTransportOptions,
} from './mqtt-transport.js';
export type { MqttLogger } from './session.js';
