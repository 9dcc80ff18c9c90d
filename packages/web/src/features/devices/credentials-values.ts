import {
  CREDENTIALS_TYPES_BY_TRANSPORT,
  type DeviceCredentials,
  type DeviceCredentialsDraft,
  type DeviceCredentialsType,
  type DeviceTransportType,
  type MqttBasicCredentials,
  validateMqttBasicCredentials,
} from '@meridian/common';

/** Values of the credentials editor: one field set per credentials type. */
export interface CredentialsValues {
  credentialsType: DeviceCredentialsType;
  accessToken: string;
  certificate: string;
  clientId: string;
  userName: string;
  password: string;
  lwm2mEndpoint: string;
  lwm2mJson: string;
}

function parseMqtt(value: string | null): MqttBasicCredentials {
  try {
    const parsed = JSON.parse(value ?? '{}') as unknown;
    return parsed !== null && typeof parsed === 'object' ? (parsed as MqttBasicCredentials) : {};
  } catch {
    return {};
  }
}

export function credentialsValuesOf(
  credentials: Pick<DeviceCredentials, 'credentialsType' | 'credentialsId' | 'credentialsValue'> | null,
  fallbackType: DeviceCredentialsType = 'ACCESS_TOKEN',
): CredentialsValues {
  const type = credentials?.credentialsType ?? fallbackType;
  const mqtt = type === 'MQTT_BASIC' ? parseMqtt(credentials?.credentialsValue ?? null) : {};
  return {
    credentialsType: type,
    accessToken: type === 'ACCESS_TOKEN' ? (credentials?.credentialsId ?? '') : '',
    certificate: type === 'X509_CERTIFICATE' ? (credentials?.credentialsValue ?? '') : '',
    clientId: mqtt.clientId ?? '',
    userName: mqtt.userName ?? '',
    password: mqtt.password ?? '',
    lwm2mEndpoint: type === 'LWM2M_CREDENTIALS' ? (credentials?.credentialsId ?? '') : '',
    lwm2mJson: type === 'LWM2M_CREDENTIALS' ? (credentials?.credentialsValue ?? '') : '',
  };
}

const optional = (text: string): string | null => (text.trim().length > 0 ? text.trim() : null);

/** The credentials to send for the chosen type (reference §1.5 DeviceCredentials). */
export function credentialsOf(values: CredentialsValues): DeviceCredentialsDraft {
  switch (values.credentialsType) {
    case 'ACCESS_TOKEN':
      return {
        credentialsType: 'ACCESS_TOKEN',
        credentialsId: values.accessToken.trim(),
        credentialsValue: null,
      };
    case 'X509_CERTIFICATE':
      return {
        credentialsType: 'X509_CERTIFICATE',
        credentialsId: null,
        credentialsValue: values.certificate.trim(),
      };
    case 'MQTT_BASIC':
      return {
        credentialsType: 'MQTT_BASIC',
        credentialsId: null,
        credentialsValue: JSON.stringify({
          clientId: optional(values.clientId),
          userName: optional(values.userName),
          password: values.password.length > 0 ? values.password : null,
        }),
      };
    case 'LWM2M_CREDENTIALS':
      return {
        credentialsType: 'LWM2M_CREDENTIALS',
        credentialsId: values.lwm2mEndpoint.trim(),
        credentialsValue: values.lwm2mJson.trim(),
      };
  }
}

/** The credential types offered for a profile transport (spec 2 §5). */
export function allowedCredentialsTypes(
  transportType: DeviceTransportType | null | undefined,
): readonly DeviceCredentialsType[] {
  return CREDENTIALS_TYPES_BY_TRANSPORT[transportType ?? 'DEFAULT'];
}

/** Message keys of the MQTT basic problems (reference §4.3): who is missing, a password without user name. */
export function mqttBasicProblems(values: Pick<CredentialsValues, 'clientId' | 'userName' | 'password'>): {
  clientId: string | null;
  password: string | null;
} {
  const problems = validateMqttBasicCredentials({
    clientId: optional(values.clientId),
    userName: optional(values.userName),
    password: values.password || null,
  });
  return {
    clientId: problems.includes('clientIdOrUserNameRequired')
      ? 'device.client-id-or-user-name-required'
      : null,
    password: problems.includes('passwordRequiresUserName') ? 'device.password-requires-user-name' : null,
  };
}

/** True when the text is a JSON object (LwM2M credentials value). */
export function isJsonObjectText(text: string): boolean {
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}
