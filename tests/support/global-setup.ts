import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamo, startMail, startS3 } from '../../infra/local/emulators';
import { freePort } from '../../infra/local/ports';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    s3Endpoint: string;
    /** smtp:// of the run's mail catcher */
    smtpUrl: string;
    /** maildev's REST API, to read what was sent */
    mailApiUrl: string;
  }
}

/**
 * Starts one in-memory DynamoDB Local and one s3rver for the whole vitest run, unless the
 * harness (tests/run.ts) already runs them and passes DYNAMODB_ENDPOINT and S3_ENDPOINT.
 */
export default async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const stops: Array<() => Promise<void>> = [];
  let dynamoEndpoint = process.env.DYNAMODB_ENDPOINT;
  let s3Endpoint = process.env.S3_ENDPOINT;
  if (!dynamoEndpoint) {
    const dynamo = await startDynamo({ port: await freePort() });
    stops.push(dynamo.stop);
    dynamoEndpoint = dynamo.endpoint;
  }
  if (!s3Endpoint) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stepcast-s3-'));
    const s3 = await startS3({ port: await freePort(), dataDir: dir });
    stops.push(async () => {
      await s3.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    s3Endpoint = s3.endpoint;
  }
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'stepcast-mail-'));
  const mail = await startMail({ smtpPort: await freePort(), webPort: await freePort(), dataDir: mailDir });
  stops.push(async () => {
    await mail.stop();
    rmSync(mailDir, { recursive: true, force: true });
  });
  project.provide('smtpUrl', mail.endpoint);
  project.provide('mailApiUrl', mail.webUrl);
  project.provide('dynamoEndpoint', dynamoEndpoint);
  project.provide('s3Endpoint', s3Endpoint);
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
