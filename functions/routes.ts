/**
 * The one table of API routes. The local adapter mounts it at /api and the CDK api stack
 * turns it into HTTP API routes; nothing else lists routes. Data only: no handler imports,
 * so infra can read it without bundling function code.
 */

/** What a function may touch; the CDK api stack grants exactly this and nothing more. */
export interface FunctionAccess {
  table?: 'read' | 'readwrite';
  bucket?: 'read' | 'readwrite';
  /** sends mail (SES in AWS, SMTP locally) */
  mail?: boolean;
  /** lists the bucket (HeadBucket): only the health check needs it */
  bucketList?: boolean;
}

export interface FunctionSpec {
  /** entry module, relative to the repository root; exports `handler` */
  entry: string;
  access: FunctionAccess;
  /** @default 10 seconds; API Gateway stops waiting at 29 s */
  timeoutSeconds?: number;
  /** @default 512 */
  memoryMb?: number;
}

export const FUNCTIONS = {
  health: {
    entry: 'functions/http/health/index.ts',
    access: { table: 'read', bucket: 'read', bucketList: true },
    timeoutSeconds: 5,
  },
} as const satisfies Record<string, FunctionSpec>;

export type FunctionName = keyof typeof FUNCTIONS;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ANY';

export interface RouteSpec {
  method: HttpMethod;
  /** API Gateway syntax: `{name}` for a parameter, `{proxy+}` for the rest of the path */
  path: string;
  fn: FunctionName;
  /** the key of the handler in the function's dispatch table */
  handler: string;
}

export const ROUTES = [
  { method: 'GET', path: '/api/health', fn: 'health', handler: 'health' },
  // Anything under /api that no route matches answers 404 (or 405) in the one error shape,
  // instead of API Gateway's own `{"message":"Not Found"}`.
  { method: 'ANY', path: '/api/{proxy+}', fn: 'health', handler: 'notFound' },
] as const satisfies readonly RouteSpec[];

export type Route = (typeof ROUTES)[number];

export function routeKey(route: Pick<RouteSpec, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

interface CompiledRoute {
  route: RouteSpec;
  pattern: RegExp;
  names: string[];
}

function compile(route: RouteSpec): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const greedy = /^\{(\w+)\+\}$/.exec(segment);
      if (greedy?.[1]) {
        names.push(greedy[1]);
        return '(.+)';
      }
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param?.[1]) {
        names.push(param[1]);
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names };
}

const COMPILED = ROUTES.map((route) => compile(route));

function specificity(route: RouteSpec): number {
  // Literal segments beat parameters, parameters beat a greedy tail; an exact method beats ANY,
  // as API Gateway orders them.
  let score = 0;
  for (const segment of route.path.split('/')) {
    score += segment.endsWith('+}') ? 0 : segment.startsWith('{') ? 1 : 2;
  }
  return score * 2 + (route.method === 'ANY' ? 0 : 1);
}

export interface RouteMatch {
  route: RouteSpec;
  pathParameters: Record<string, string>;
}

/** Finds the route API Gateway would pick for a request. */
export function matchRoute(method: string, path: string, routes: readonly CompiledRoute[] = COMPILED): RouteMatch | undefined {
  let best: { compiled: CompiledRoute; values: string[] } | undefined;
  for (const compiled of routes) {
    if (compiled.route.method !== 'ANY' && compiled.route.method !== method) continue;
    const found = compiled.pattern.exec(path);
    if (!found) continue;
    if (!best || specificity(compiled.route) > specificity(best.compiled.route)) {
      best = { compiled, values: found.slice(1) };
    }
  }
  if (!best) return undefined;
  const pathParameters: Record<string, string> = {};
  best.compiled.names.forEach((name, i) => {
    pathParameters[name] = best.values[i] ?? '';
  });
  return { route: best.compiled.route, pathParameters };
}

/** The methods some route allows at this path, ignoring catch-alls: for 405 answers. */
export function allowedMethods(path: string): string[] {
  return COMPILED.filter((c) => c.route.method !== 'ANY' && c.pattern.test(path)).map((c) => c.route.method);
}
