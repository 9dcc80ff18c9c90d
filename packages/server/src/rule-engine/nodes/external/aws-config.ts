import type { ConfigSchema, JsonObject } from '@meridian/common';
import { configString } from '../../config.js';
import { optionalText, text } from '../../config-schema.js';
import { RuleNodeConfigError } from '../../node.js';

/** The AWS account settings the sns and sqs nodes share. */
export interface AwsAccount {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export function configAwsAccount(raw: JsonObject): AwsAccount {
  const account = {
    accessKeyId: configString(raw, 'accessKeyId', '').trim(),
    secretAccessKey: configString(raw, 'secretAccessKey', '').trim(),
    region: configString(raw, 'region', 'us-east-1').trim(),
  };
  if (account.region === '') throw new RuleNodeConfigError("'region' must not be empty");
  return account;
}

/**
 * Client settings of an AWS SDK client for a node: the node's static keys and region, and bounded
 * waits so an unreachable endpoint fails the message rather than holding its queue. The endpoint
 * is AWS's own unless the server's environment overrides it (AWS_ENDPOINT_URL_SNS / _SQS, e.g.
 * for LocalStack).
 */
export function awsClientConfig(account: AwsAccount) {
  if (account.accessKeyId === '' || account.secretAccessKey === '') {
    throw new Error("AWS credentials are not set: the node needs 'accessKeyId' and 'secretAccessKey'");
  }
  return {
    region: account.region,
    credentials: { accessKeyId: account.accessKeyId, secretAccessKey: account.secretAccessKey },
    maxAttempts: 2,
    // The SDK's own console notes (e.g. that a queue URL names its endpoint) stay out of the server
    // log; every failure reaches the message's Failure output instead.
    logger: SILENT,
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 30_000 },
  };
}

const noop = () => {};
const SILENT = { trace: noop, debug: noop, info: noop, warn: noop, error: noop };

/** An AWS SDK error as `Name: message`, the service's error code first. */
export function awsErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return `Connection refused: ${error.message}`;
  return error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message;
}

/** The account settings the SNS and SQS nodes share. */
export const AWS_ACCOUNT_PROPERTIES: Record<string, ConfigSchema> = {
  accessKeyId: optionalText('AWS Access Key ID'),
  secretAccessKey: optionalText('AWS Secret Access Key'),
  region: text('AWS Region'),
};
