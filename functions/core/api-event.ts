import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** The request every HTTP function receives (API Gateway's payload 2.0); its own file, so origin.ts and http.ts need not import each other. */
export type ApiEvent = APIGatewayProxyEventV2;
