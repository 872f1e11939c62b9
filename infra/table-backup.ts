/**
 * Copies a DynamoDB table's items to a file, from a file, or to another table: the last step of
 * a restore (infra/cdk/README.md, Restoring the table), and a backup that DynamoDB Local can
 * rehearse (it has no point-in-time recovery, backups or exports).
 *
 *   npx tsx infra/table-backup.ts export --table NAME --file items.jsonl
 *   npx tsx infra/table-backup.ts import --table NAME --file items.jsonl [--pk-prefix P] [--only-missing]
 *   npx tsx infra/table-backup.ts copy   --from NAME --to NAME [--pk-prefix P] [--only-missing]
 *
 * Files are DynamoDB JSON, one `{"Item":{...}}` per line: the format of DynamoDB's own export to
 * S3 (DYNAMODB_JSON, gunzipped), so an AWS export imports here too. `import` and `copy` write into
 * an existing table; they overwrite items with the same key unless `--only-missing`, which writes
 * only items the target lacks (a partial restore next to newer data). `--pk-prefix` keeps the items
 * whose partition key starts with it. `--endpoint` (or DYNAMODB_ENDPOINT) names DynamoDB Local;
 * AWS credentials and region come from the environment otherwise.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  BatchWriteItemCommand,
  ConditionalCheckFailedException,
  DynamoDBClient,
  PutItemCommand,
  ScanCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { TABLE_KEY } from './table-definition';

type Item = Record<string, AttributeValue>;

export interface WriteOptions {
  /** keep only items whose partition key starts with this */
  pkPrefix?: string;
  /** write only items the target does not have (conditional puts), never overwrite */
  onlyMissing?: boolean;
}

export interface WriteResult {
  read: number;
  written: number;
  /** items skipped by --only-missing because the target has them */
  kept: number;
}

/** Every item of a table, page by page (a consistent read of each page). */
export async function* scanItems(client: DynamoDBClient, table: string): AsyncGenerator<Item> {
  let startKey: Item | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ConsistentRead: true, ExclusiveStartKey: startKey }));
    for (const item of page.Items ?? []) yield item;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** The items of a DynamoDB JSON lines file (`{"Item":{...}}` per line). */
export async function* readItems(file: string): AsyncGenerator<Item> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let number = 0;
  for await (const line of lines) {
    number++;
    if (!line.trim()) continue;
    const parsed = JSON.parse(line) as { Item?: Item };
    if (!parsed.Item || typeof parsed.Item !== 'object') throw new Error(`${file}:${number}: expected {"Item":{...}}`);
    yield parsed.Item;
  }
}

/** Writes a table's items to a DynamoDB JSON lines file; resolves to the number written. */
export async function exportTable(client: DynamoDBClient, table: string, file: string): Promise<number> {
  const out = createWriteStream(file, 'utf8');
  let count = 0;
  for await (const item of scanItems(client, table)) {
    if (!out.write(`${JSON.stringify({ Item: item })}\n`)) await once(out, 'drain');
    count++;
  }
  out.end();
  await once(out, 'finish');
  return count;
}

const BATCH_SIZE = 25;

async function writeBatch(client: DynamoDBClient, table: string, items: Item[]): Promise<void> {
  let requests = items.map((Item) => ({ PutRequest: { Item } }));
  // Unprocessed items (throttling) are sent again, with a growing pause.
  for (let attempt = 0; requests.length > 0; attempt++) {
    if (attempt > 8) throw new Error(`${requests.length} items were still unprocessed after ${attempt} attempts`);
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    const result = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: requests } }));
    requests = (result.UnprocessedItems?.[table] ?? []).flatMap((r) => (r.PutRequest?.Item ? [{ PutRequest: { Item: r.PutRequest.Item } }] : []));
  }
}

/** Writes items into an existing table, as the options say. */
export async function writeItems(client: DynamoDBClient, table: string, items: AsyncIterable<Item>, options: WriteOptions = {}): Promise<WriteResult> {
  const result: WriteResult = { read: 0, written: 0, kept: 0 };
  let batch: Item[] = [];
  for await (const item of items) {
    result.read++;
    const pk = item[TABLE_KEY.partitionKey]?.S;
    if (options.pkPrefix !== undefined && !pk?.startsWith(options.pkPrefix)) continue;
    if (options.onlyMissing) {
      try {
        await client.send(new PutItemCommand({ TableName: table, Item: item, ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': TABLE_KEY.partitionKey } }));
        result.written++;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        result.kept++;
      }
      continue;
    }
    batch.push(item);
    if (batch.length === BATCH_SIZE) {
      await writeBatch(client, table, batch);
      result.written += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) {
    await writeBatch(client, table, batch);
    result.written += batch.length;
  }
  return result;
}

function client(endpoint: string | undefined): DynamoDBClient {
  return new DynamoDBClient({
    maxAttempts: 5,
    ...(endpoint ? { endpoint, region: process.env.AWS_REGION ?? 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      table: { type: 'string' },
      file: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      'pk-prefix': { type: 'string' },
      'only-missing': { type: 'boolean', default: false },
      endpoint: { type: 'string' },
    },
  });
  const dynamo = client(values.endpoint ?? process.env.DYNAMODB_ENDPOINT);
  const options: WriteOptions = { ...(values['pk-prefix'] !== undefined ? { pkPrefix: values['pk-prefix'] } : {}), onlyMissing: values['only-missing'] ?? false };
  const need = (value: string | undefined, flag: string): string => {
    if (!value) throw new Error(`${command} needs --${flag}`);
    return value;
  };
  try {
    if (command === 'export') {
      const count = await exportTable(dynamo, need(values.table, 'table'), need(values.file, 'file'));
      console.log(`exported ${count} items of ${values.table} to ${values.file}`);
    } else if (command === 'import') {
      const result = await writeItems(dynamo, need(values.table, 'table'), readItems(need(values.file, 'file')), options);
      console.log(`read ${result.read} items from ${values.file}; wrote ${result.written} into ${values.table}${options.onlyMissing ? `, kept ${result.kept} it already had` : ''}`);
    } else if (command === 'copy') {
      const result = await writeItems(dynamo, need(values.to, 'to'), scanItems(dynamo, need(values.from, 'from')), options);
      console.log(`read ${result.read} items from ${values.from}; wrote ${result.written} into ${values.to}${options.onlyMissing ? `, kept ${result.kept} it already had` : ''}`);
    } else {
      throw new Error(`unknown command "${command ?? ''}": export, import or copy`);
    }
  } finally {
    dynamo.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`table-backup: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
