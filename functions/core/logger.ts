import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs, one logger for every function; level from POWERTOOLS_LOG_LEVEL. */
export const logger = new Logger({ serviceName: 'stepcast' });
