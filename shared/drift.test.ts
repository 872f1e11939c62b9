import { describe, expect, it } from 'vitest';
import { GuideHealthQuery, PIXEL_DRIFT_THRESHOLD, SaveSiteSessionBody, cookieMatchesOrigin, healthOf, isDriftedStep, nextCheckAt } from './drift';

describe('healthOf', () => {
  it('is fresh when every step is found and looks the same', () => {
    expect(healthOf([{ status: 'found', score: 0 }, { status: 'found', score: PIXEL_DRIFT_THRESHOLD }])).toBe('fresh');
  });
  it('drifts on a moved step or a page that changed', () => {
    expect(healthOf([{ status: 'found', score: 0 }, { status: 'moved', score: 0 }])).toBe('drifted');
    expect(healthOf([{ status: 'found', score: PIXEL_DRIFT_THRESHOLD + 0.01 }])).toBe('drifted');
  });
  it('breaks on any missing step', () => {
    expect(healthOf([{ status: 'moved', score: 0.5 }, { status: 'missing', score: null }])).toBe('broken');
  });

  it('breaks on a step no check may reach: nothing is known of it', () => {
    expect(healthOf([{ status: 'found', score: 0 }, { status: 'refused', score: null }])).toBe('broken');
    expect(isDriftedStep({ status: 'refused', score: null })).toBe(false);
  });
});

describe('isDriftedStep', () => {
  it('offers the fresh screenshot for a moved step or a found one on a changed page, never for a missing one', () => {
    expect(isDriftedStep({ status: 'moved', score: 0 })).toBe(true);
    expect(isDriftedStep({ status: 'found', score: PIXEL_DRIFT_THRESHOLD + 0.01 })).toBe(true);
    expect(isDriftedStep({ status: 'found', score: PIXEL_DRIFT_THRESHOLD })).toBe(false);
    expect(isDriftedStep({ status: 'found', score: null })).toBe(false);
    expect(isDriftedStep({ status: 'missing', score: 0.9 })).toBe(false);
  });
});

describe('schedules', () => {
  it('run a day or a week after the last check, never when off', () => {
    expect(nextCheckAt('daily', 0)).toBe(86_400_000);
    expect(nextCheckAt('weekly', 1_000)).toBe(1_000 + 7 * 86_400_000);
    expect(nextCheckAt('off', 0)).toBeNull();
  });
});

describe('saved sign-ins', () => {
  it('keep cookies of the origin host and its parent domains only', () => {
    expect(cookieMatchesOrigin({ domain: '.example.com' }, 'https://app.example.com')).toBe(true);
    expect(cookieMatchesOrigin({ domain: 'app.example.com' }, 'https://app.example.com')).toBe(true);
    expect(cookieMatchesOrigin({ domain: 'other.com' }, 'https://app.example.com')).toBe(false);
    expect(cookieMatchesOrigin({ domain: 'mple.com' }, 'https://example.com')).toBe(false);
  });
  it('refuse something that is not an origin', () => {
    expect(SaveSiteSessionBody.safeParse({ origin: 'https://a.example/path', cookies: [] }).success).toBe(false);
    expect(SaveSiteSessionBody.safeParse({ origin: 'javascript:alert(1)', cookies: [] }).success).toBe(false);
    expect(SaveSiteSessionBody.safeParse({ origin: 'http://localhost:4000', cookies: [] }).success).toBe(true);
  });
  it('health lists take up to 100 distinct guide ids', () => {
    expect(GuideHealthQuery.parse({ ids: 'abcdefghijkl,abcdefghijkl' }).ids).toEqual(['abcdefghijkl']);
    expect(GuideHealthQuery.safeParse({ ids: 'short' }).success).toBe(false);
  });
});
