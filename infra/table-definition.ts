import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The one DynamoDB table, described once: the CDK data stack builds it from this and the local
 * stack and tests create it from this, so DynamoDB Local always has the deployed shape.
 */
export const TABLE_KEY = { partitionKey: 'pk', sortKey: 'sk' } as const;

/** Global secondary indexes; add one only for a named access pattern. */
export const TABLE_INDEXES = [
  // gsi1: an organisation's items ordered by recency (recents, folder listings), user by email
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  // gsi2: secondary lookups (a folder's guides, a user's memberships, Stripe customer → user)
  { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
] as const;

/** Items with this attribute (epoch seconds) expire: sessions, tokens, rate-limit windows, webhook ids. */
export const TTL_ATTRIBUTE = 'expiresAt';

export function createTableInput(tableName: string): CreateTableCommandInput {
  const keyAttributes = new Set<string>([TABLE_KEY.partitionKey, TABLE_KEY.sortKey]);
  for (const index of TABLE_INDEXES) {
    keyAttributes.add(index.partitionKey);
    keyAttributes.add(index.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...keyAttributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE_KEY.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_KEY.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: TABLE_INDEXES.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}
