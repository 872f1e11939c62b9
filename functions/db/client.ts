import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsConfig } from '../core/config';
import { tracer } from '../core/tracer';

/** DynamoDB Local accepts any key; AWS uses the function's role. */
const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A hung database must fail the request, not the function: each attempt gives up after
 * requestTimeout (throwOnRequestTimeout, or the SDK only logs a warning and waits on), and three
 * attempts with their backoff stay below the shortest function timeout (5 s), so the caller gets
 * a 503 with Retry-After rather than Lambda's timeout. A write whose answer was lost may have
 * landed: transactions carry an idempotency token the SDK keeps across its retries, and the
 * other writes are conditional or set values, so a retry never applies one twice.
 */
export const REQUEST_HANDLER = { connectionTimeout: 500, requestTimeout: 1_200, throwOnRequestTimeout: true };
export const MAX_ATTEMPTS = 3;

let documentClient: DynamoDBDocumentClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const { AWS_REGION, DYNAMODB_ENDPOINT } = awsConfig();
    // Traced in Lambda: each call is a subsegment naming its operation and table.
    const client = tracer.captureAWSv3Client(
      new DynamoDBClient({
        region: AWS_REGION,
        maxAttempts: MAX_ATTEMPTS,
        requestHandler: REQUEST_HANDLER,
        ...(DYNAMODB_ENDPOINT ? { endpoint: DYNAMODB_ENDPOINT, credentials: LOCAL_CREDENTIALS } : {}),
      }),
    );
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return documentClient;
}
