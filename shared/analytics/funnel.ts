/**
 * The numbers the analytics pages derive from the rollups: completion rate and the step-by-step
 * drop-off funnel. Pure, so the API and the tests compute them the same way.
 */

export interface FunnelStep {
  /** 1-based, as viewers see steps */
  step: number;
  /** viewers who reached this step */
  viewers: number;
  /** of the viewers counted, the share who reached this step (0 to 1) */
  reachRate: number;
  /** viewers of this step who did not reach the next one (0 on the last step) */
  dropOff: number;
  /** dropOff as a share of this step's viewers (0 to 1) */
  dropOffRate: number;
}

/** `part / whole`, 0 when there is no whole; never above 1. */
export function ratio(part: number, whole: number): number {
  if (whole <= 0 || part <= 0) return 0;
  return Math.min(1, part / whole);
}

/** Completions per unique viewer. */
export function completionRate(completions: number, uniqueViewers: number): number {
  return ratio(completions, uniqueViewers);
}

function isMap(value: ReadonlyMap<number, number> | Readonly<Record<number, number>>): value is ReadonlyMap<number, number> {
  return value instanceof Map;
}

/**
 * The funnel of a guide of `stepCount` steps from the viewers who reached each step. Viewers can
 * open a link at a later step or jump ahead in the step list, so a step may have more viewers
 * than the one before it: drop-off is then 0, never negative. Reach is measured against the
 * viewers counted (a viewer need not have seen step 1), or against the busiest step when the
 * counts disagree.
 */
export function funnel(reached: ReadonlyMap<number, number> | Readonly<Record<number, number>>, stepCount: number, viewers: number): FunnelStep[] {
  const count = (step: number) => Math.max(0, (isMap(reached) ? reached.get(step) : (reached as Record<number, number>)[step]) ?? 0);
  const counts = Array.from({ length: Math.max(0, stepCount) }, (_, i) => count(i + 1));
  const base = Math.max(viewers, ...counts, 0);
  return counts.map((here, i) => {
    const next = counts[i + 1];
    const dropOff = next === undefined ? 0 : Math.max(0, here - next);
    return { step: i + 1, viewers: here, reachRate: ratio(here, base), dropOff, dropOffRate: ratio(dropOff, here) };
  });
}

/** The step that loses the most viewers to the next one (the first such, on a tie); none without drop-off. */
export function biggestDropOff(steps: readonly FunnelStep[]): FunnelStep | undefined {
  let worst: FunnelStep | undefined;
  for (const step of steps) if (step.dropOff > 0 && (!worst || step.dropOff > worst.dropOff)) worst = step;
  return worst;
}
