// Must run before the tracer (and the X-Ray SDK under it) loads.
import './xray-mode';
import { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * X-Ray traces of the functions: a segment per invocation, annotated with the API's request id,
 * and subsegments for the DynamoDB and S3 calls (functions/db/client.ts) and outgoing HTTPS.
 * Powertools turns tracing on only inside Lambda (AWS_EXECUTION_ENV set); the local stack also
 * sets POWERTOOLS_TRACE_ENABLED=false, so it never needs an X-Ray daemon.
 */
export const tracer = new Tracer({ serviceName: 'stepcast' });
