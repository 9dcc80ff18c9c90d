import type { JsonObject } from '@meridian/common';
import { configObject, configString } from '../../config.js';
import { RuleNodeConfigError } from '../../node.js';

/**
 * The `credentials` object of the rest api call, mqtt and azure iot hub nodes (reference
 * ClientCredentials, told apart by `type`). A PEM certificate pair authenticates the client over
 * TLS; `caCert` is the server's trust anchor when it is not a public one.
 */
export type ClientCredentials =
  | { type: 'anonymous' }
  | { type: 'basic'; username: string; password: string }
  | { type: 'cert.PEM'; caCert: string; cert: string; privateKey: string; password: string };

export type CredentialsType = ClientCredentials['type'];

export function configCredentials(raw: JsonObject, allowed: readonly CredentialsType[]): ClientCredentials {
  const credentials = configObject(raw, 'credentials');
  if (credentials === undefined) return { type: 'anonymous' };
  const type = configString(credentials, 'type', 'anonymous');
  if (!(allowed as readonly string[]).includes(type)) {
    throw new RuleNodeConfigError(
      `'credentials.type' ${JSON.stringify(type)} is not supported; use one of ${allowed.join(', ')}`,
    );
  }
  switch (type as CredentialsType) {
    case 'anonymous':
      return { type: 'anonymous' };
    case 'basic':
      return {
        type: 'basic',
        username: configString(credentials, 'username', ''),
        password: configString(credentials, 'password', ''),
      };
    case 'cert.PEM': {
      const cert = configString(credentials, 'cert', '');
      const privateKey = configString(credentials, 'privateKey', '');
      // A CA alone (server verification only) is valid; a certificate needs its key and vice versa.
      if ((cert === '') !== (privateKey === '')) {
        throw new RuleNodeConfigError(
          "'credentials.cert' and 'credentials.privateKey' must be given together",
        );
      }
      return {
        type: 'cert.PEM',
        caCert: configString(credentials, 'caCert', ''),
        cert,
        privateKey,
        password: configString(credentials, 'password', ''),
      };
    }
  }
}

/** The TLS options of PEM credentials, for node:tls based clients; empty strings left out. */
export function pemTlsOptions(credentials: ClientCredentials): {
  ca?: string;
  cert?: string;
  key?: string;
  passphrase?: string;
} {
  if (credentials.type !== 'cert.PEM') return {};
  return {
    ...(credentials.caCert ? { ca: credentials.caCert } : {}),
    ...(credentials.cert ? { cert: credentials.cert } : {}),
    ...(credentials.privateKey ? { key: credentials.privateKey } : {}),
    ...(credentials.password ? { passphrase: credentials.password } : {}),
  };
}
