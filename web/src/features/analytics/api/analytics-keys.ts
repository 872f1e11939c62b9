/** Query keys of the analytics feature: `['analytics', …]`, so that one prefix refreshes them all. */
export const analyticsQueryKeys = {
  all: ['analytics'] as const,
  guide: (id: string, from: string, to: string) => ['analytics', 'guide', id, from, to] as const,
  workspace: (from: string, to: string) => ['analytics', 'workspace', from, to] as const,
};

/**
 * Analytics change as viewers watch: kept a minute, then read again when the page is shown;
 * a 402 (no Pro) or 404 is an answer, not a failure worth retrying.
 */
export const ANALYTICS_STALE_MS = 60_000;

export function retryUnlessAnswered(failures: number, error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return failures < 2 && !(typeof status === 'number' && status >= 400 && status < 500);
}
