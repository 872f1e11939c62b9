import { BatchGetCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dayStart } from '#shared/analytics/days';
import { tableConfig } from '../../core/config';
import { dynamo } from '../../db/client';

/**
 * Where viewer analytics live in the one table, and the only code that reads or writes them.
 * Plain DocumentClient commands rather than ElectroDB entities, as for the rate limits: a rollup
 * has one counter per step (`step_1`, `step_2`, …), a set of attributes no entity can declare, and
 * every write is a single atomic `ADD`.
 *
 * Items (all keys prefixed `$analytics#`, apart from every ElectroDB key):
 * - viewer day `viewer#{guideId}#{day}#{viewerId}`: the set of what this viewer id has been
 *   counted for that day (`v3` the view of page load 3, `s2` step 2, `c` completion, `a3` a CTA
 *   click in load 3). Adding to it returns the set as it was, so each token is counted once however
 *   often or concurrently it is sent, and the first write of the item is the viewer's unique count
 *   for the day. Expires two days after its day.
 * - guide rollup `guide#{guideId}#{shard}` / `day#{day}` and `/ total`: counters of one guide.
 * - referrers `referrer#{guideId}#{shard}` / `{day}#{host}`: views by referrer host.
 * - workspace `org#{orgId}#{shard}` / `{day}#{guideId}`: a guide's counters in its organisation's
 *   partition, so that one Query per shard reads a workspace's range with every guide in it.
 *
 * The rollups are sharded: a batch writes to shard `shardOf(viewerId)` of each partition, so a
 * guide that goes viral spreads its writes over ANALYTICS_SHARDS partitions instead of one hot
 * key, and reads query every shard and add them up.
 */

/**
 * Shards per rollup partition. Reads always cover shards 0..ANALYTICS_SHARDS-1, so the number may
 * grow (old items stay in the lower shards) but must never shrink.
 */
export const ANALYTICS_SHARDS = 8;

/** Daily items are kept this long (a bit over the longest range a page asks for); totals forever. */
export const RETENTION_DAYS = 400;
/** A viewer's day is kept a day past its end: events that arrive around midnight still find it. */
const VIEWER_DAY_TTL_DAYS = 2;

const DAY_SECONDS = 86_400;
const PREFIX = '$analytics#';
/** Sorts after any host or guide id in a sort key, to end a `{day}#…` range. */
const RANGE_END = '\uffff';

/** FNV-1a of the viewer id: the same viewer's batches go to the same shard; viewers spread evenly. */
export function shardOf(viewerId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < viewerId.length; i++) {
    hash ^= viewerId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % ANALYTICS_SHARDS;
}

const shards = () => Array.from({ length: ANALYTICS_SHARDS }, (_, shard) => shard);
const expiresAfter = (day: string, days: number) => Math.floor(dayStart(day) / 1000) + days * DAY_SECONDS;

export const keys = {
  viewerDay: (guideId: string, day: string, viewerId: string) => ({ pk: `${PREFIX}viewer#${guideId}#${day}#${viewerId}`, sk: 'viewer' }),
  guideDay: (guideId: string, shard: number, day: string) => ({ pk: `${PREFIX}guide#${guideId}#${shard}`, sk: `day#${day}` }),
  guideTotal: (guideId: string, shard: number) => ({ pk: `${PREFIX}guide#${guideId}#${shard}`, sk: 'total' }),
  referrer: (guideId: string, shard: number, day: string, host: string) => ({ pk: `${PREFIX}referrer#${guideId}#${shard}`, sk: `${day}#${host}` }),
  workspace: (orgId: string, shard: number, day: string, guideId: string) => ({ pk: `${PREFIX}org#${orgId}#${shard}`, sk: `${day}#${guideId}` }),
};

/** What a batch changed: added to every rollup it touches. */
export interface Counts {
  views: number;
  uniques: number;
  completions: number;
  cta: number;
  embedViews: number;
  /** page loads with steps done in the try view, and viewers who did them all */
  tried: number;
  triedCompletions: number;
  /** viewers who reached each step (1-based) */
  steps: ReadonlyMap<number, number>;
}

export const STEP_ATTRIBUTE = 'step_';
const COUNTERS = ['views', 'uniques', 'completions', 'cta', 'embedViews', 'tried', 'triedCompletions'] as const;

/**
 * Adds `tokens` to a viewer's day and answers those that were not there yet, and whether the day
 * is new for this viewer. `requireExisting`: only add to a day that exists (a batch with no view
 * counts only for a viewer already counted); answers undefined when it does not.
 */
export async function addViewerTokens(
  key: ReturnType<typeof keys.viewerDay>,
  day: string,
  tokens: readonly string[],
  requireExisting: boolean,
): Promise<{ added: string[]; firstOfDay: boolean } | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableConfig().TABLE_NAME,
        Key: key,
        UpdateExpression: 'ADD seen :tokens SET expiresAt = if_not_exists(expiresAt, :expires)',
        ...(requireExisting ? { ConditionExpression: 'attribute_exists(seen)' } : {}),
        ExpressionAttributeValues: { ':tokens': new Set(tokens), ':expires': expiresAfter(day, VIEWER_DAY_TTL_DAYS) },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    const before = Attributes?.['seen'] instanceof Set ? (Attributes['seen'] as Set<string>) : undefined;
    return { added: tokens.filter((token) => !before?.has(token)), firstOfDay: before === undefined };
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}

/** One atomic `ADD` of the counts (and any `extra` values that identify the item) to one item. */
function addCounts(key: { pk: string; sk: string }, counts: Counts, expiresAt: number | undefined, extra: Record<string, string> = {}) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const adds: string[] = [];
  const add = (attribute: string, value: number) => {
    if (value <= 0) return;
    const n = Object.keys(names).length;
    names[`#a${n}`] = attribute;
    values[`:a${n}`] = value;
    adds.push(`#a${n} :a${n}`);
  };
  for (const counter of COUNTERS) add(counter, counts[counter]);
  for (const [step, viewers] of counts.steps) add(`${STEP_ATTRIBUTE}${step}`, viewers);
  const sets = Object.entries(extra).map(([attribute, value], i) => {
    names[`#x${i}`] = attribute;
    values[`:x${i}`] = value;
    return `#x${i} = :x${i}`;
  });
  if (expiresAt !== undefined) {
    values[':expires'] = expiresAt;
    sets.push('expiresAt = if_not_exists(expiresAt, :expires)');
  }
  return dynamo().send(
    new UpdateCommand({
      TableName: tableConfig().TABLE_NAME,
      Key: key,
      UpdateExpression: `ADD ${adds.join(', ')}${sets.length > 0 ? ` SET ${sets.join(', ')}` : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

const isEmpty = (counts: Counts) => COUNTERS.every((counter) => counts[counter] <= 0) && [...counts.steps.values()].every((n) => n <= 0);

/** Adds one batch's counts to every rollup of its guide and organisation, in parallel. */
export async function addToRollups(input: { guideId: string; orgId: string; shard: number; day: string; referrer: string; counts: Counts }): Promise<void> {
  const { guideId, orgId, shard, day, referrer, counts } = input;
  if (isEmpty(counts)) return;
  const expires = expiresAfter(day, RETENTION_DAYS);
  const writes = [
    addCounts(keys.guideDay(guideId, shard, day), counts, expires),
    addCounts(keys.guideTotal(guideId, shard), counts, undefined),
    addCounts(keys.workspace(orgId, shard, day, guideId), counts, expires, { guideId }),
  ];
  if (counts.views > 0) {
    const viewsOnly: Counts = { views: counts.views, uniques: 0, completions: 0, cta: 0, embedViews: 0, tried: 0, triedCompletions: 0, steps: new Map() };
    writes.push(addCounts(keys.referrer(guideId, shard, day, referrer), viewsOnly, expires, { host: referrer }));
  }
  await Promise.all(writes);
}

export type RollupItem = Record<string, unknown> & { sk: string };

async function queryAll(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<RollupItem[]> {
  const items: RollupItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({ TableName: tableConfig().TABLE_NAME, ...input, ExclusiveStartKey: start }));
    items.push(...((page.Items ?? []) as RollupItem[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Every shard's items of one partition family between two sort keys, in parallel. */
async function queryShards(pkOf: (shard: number) => string, from: string, to: string): Promise<RollupItem[]> {
  const pages = await Promise.all(
    shards().map((shard) =>
      queryAll({
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': pkOf(shard), ':from': from, ':to': to },
      }),
    ),
  );
  return pages.flat();
}

/** A guide's daily rollups of every shard from `from` to `to` (days, inclusive). */
export function guideDays(guideId: string, from: string, to: string): Promise<RollupItem[]> {
  return queryShards((shard) => keys.guideDay(guideId, shard, from).pk, `day#${from}`, `day#${to}`);
}

export function guideReferrers(guideId: string, from: string, to: string): Promise<RollupItem[]> {
  return queryShards((shard) => keys.referrer(guideId, shard, from, '').pk, `${from}#`, `${to}#${RANGE_END}`);
}

export function workspaceDays(orgId: string, from: string, to: string): Promise<RollupItem[]> {
  return queryShards((shard) => keys.workspace(orgId, shard, from, '').pk, `${from}#`, `${to}#${RANGE_END}`);
}

/** BatchGetItem allows this many keys per call. */
const BATCH_GET_KEYS = 100;

/** The all-time totals of every shard of some guides, in calls of at most 100 keys. */
export async function guideTotals(guideIds: readonly string[]): Promise<RollupItem[]> {
  const all = guideIds.flatMap((guideId) => shards().map((shard) => keys.guideTotal(guideId, shard)));
  const items: RollupItem[] = [];
  for (let i = 0; i < all.length; i += BATCH_GET_KEYS) {
    let pending: Array<Record<string, unknown>> = all.slice(i, i + BATCH_GET_KEYS);
    // DynamoDB may leave keys unprocessed under load; ask again for those (the SDK backs off).
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** Math.min(attempt, 6)));
      const table = tableConfig().TABLE_NAME;
      const reply = await dynamo().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending } } }));
      items.push(...((reply.Responses?.[table] ?? []) as RollupItem[]));
      pending = reply.UnprocessedKeys?.[table]?.Keys ?? [];
      if (attempt >= 8 && pending.length > 0) throw Object.assign(new Error('BatchGetItem left keys unprocessed'), { name: 'ThrottlingException' });
    }
  }
  return items;
}

/** The guide id of a totals item's partition key. */
export function guideIdOfTotal(item: RollupItem): string {
  return String(item['pk']).slice(`${PREFIX}guide#`.length).split('#')[0] ?? '';
}
