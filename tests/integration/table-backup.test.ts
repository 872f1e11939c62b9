import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { ensureTable, localDynamoClient } from '../../infra/local/emulators';
import { exportTable, readItems, scanItems, writeItems } from '../../infra/table-backup';
import { ApiClient, signUp } from '../support/api-client';
import { useIsolatedStack } from '../support/isolated-stack';

// The restore runbook's local rehearsal (infra/cdk/README.md): DynamoDB Local has no point-in-time
// recovery, so the table's items go to a file, an accident happens, a new table is made from the
// file (as AWS restores into a new table), and what was lost is copied back into the live table.
const stack = useIsolatedStack();

type Item = Record<string, AttributeValue>;
const keyOf = (item: Item) => `${item['pk']?.S}|${item['sk']?.S}`;
async function items(table: string): Promise<Map<string, Item>> {
  const client = localDynamoClient(stack().dynamoEndpoint);
  const found = new Map<string, Item>();
  for await (const item of scanItems(client, table)) found.set(keyOf(item), item);
  client.destroy();
  return found;
}

describe('restoring the table from an export', () => {
  it('rebuilds a new table item for item, and copies a deleted guide back without overwriting newer items', async () => {
    const api = new ApiClient(stack().url);
    await signUp(api);
    const kept = (await api.post('/api/guides', { title: 'Kept guide' })).json as { id: string };
    const lost = (await api.post('/api/guides', { title: 'Deleted by mistake' })).json as { id: string };

    const client = localDynamoClient(stack().dynamoEndpoint);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'stepcast-backup-')), 'items.jsonl');
    const exported = await exportTable(client, stack().tableName, file);
    expect(exported).toBe((await items(stack().tableName)).size);
    expect(readFileSync(file, 'utf8').split('\n')[0]).toMatch(/^\{"Item":\{"/);

    // The accident, and a change made after the export that the restore must not undo.
    expect((await api.request('DELETE', `/api/guides/${lost.id}`)).status).toBeLessThan(300);
    expect((await api.get(`/api/guides/${lost.id}`)).status).toBe(404);
    expect((await api.request('PATCH', `/api/guides/${kept.id}`, { title: 'Renamed after the export' })).status).toBe(200);

    // A new table from the export: the same items, attribute for attribute.
    const restored = `${stack().tableName}-restored`;
    await ensureTable(client, restored);
    const imported = await writeItems(client, restored, readItems(file));
    expect(imported).toEqual({ read: exported, written: exported, kept: 0 });
    const before = new Map<string, Item>();
    for await (const item of readItems(file)) before.set(keyOf(item), item);
    expect(await items(restored)).toEqual(before);

    // Back into the live table, only what it lacks: the deleted guide returns, the rename stays.
    const copied = await writeItems(client, stack().tableName, scanItems(client, restored), { onlyMissing: true });
    client.destroy();
    expect(copied.written).toBeGreaterThan(0);
    expect(copied.kept).toBeGreaterThan(0);
    expect((await api.get(`/api/guides/${lost.id}`)).json).toMatchObject({ id: lost.id, title: 'Deleted by mistake' });
    expect((await api.get(`/api/guides/${kept.id}`)).json).toMatchObject({ title: 'Renamed after the export' });
  });
});
