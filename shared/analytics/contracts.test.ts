import { describe, expect, it } from 'vitest';
import { AnalyticsRangeQuery, EventBatchBody, GuideStatsQuery, resolveRange } from './contracts';
import { MAX_BATCH_BYTES, MAX_BATCH_EVENTS } from './events';

const batch = {
  guideId: 'AbCdEfGhIjKl',
  viewerId: 'v1234567890abcdef',
  load: 1,
  embed: false,
  referrer: 'Help.Example.com',
  events: [{ type: 'view' }, { type: 'step', step: 1 }, { type: 'step', step: 2 }, { type: 'complete' }, { type: 'cta' }],
};

describe('an event batch', () => {
  it('parses from the text a beacon sends, the referrer host lowercased', () => {
    const parsed = EventBatchBody.parse(JSON.stringify(batch));
    expect(parsed.referrer).toBe('help.example.com');
    expect(parsed.events).toHaveLength(5);
  });

  it.each([
    { name: 'not JSON', text: '{"guideId":' },
    { name: 'no events', text: JSON.stringify({ ...batch, events: [] }) },
    { name: 'more events than a batch holds', text: JSON.stringify({ ...batch, events: Array.from({ length: MAX_BATCH_EVENTS + 1 }, () => ({ type: 'view' })) }) },
    { name: 'more bytes than a batch holds', text: JSON.stringify({ ...batch, pad: 'x'.repeat(MAX_BATCH_BYTES) }) },
    { name: 'an unknown event type', text: JSON.stringify({ ...batch, events: [{ type: 'purchase' }] }) },
    { name: 'step 0', text: JSON.stringify({ ...batch, events: [{ type: 'step', step: 0 }] }) },
    { name: 'a fractional step', text: JSON.stringify({ ...batch, events: [{ type: 'step', step: 1.5 }] }) },
    { name: 'an extra field on an event', text: JSON.stringify({ ...batch, events: [{ type: 'view', ip: '1.2.3.4' }] }) },
    { name: 'an extra field on the batch', text: JSON.stringify({ ...batch, email: 'a@b.c' }) },
    { name: 'a __proto__ key', text: `{"__proto__":{"x":1},${JSON.stringify(batch).slice(1)}` },
    { name: 'a short viewer id', text: JSON.stringify({ ...batch, viewerId: 'abc' }) },
    { name: 'a guide id of the wrong length', text: JSON.stringify({ ...batch, guideId: 'short' }) },
    { name: 'a referrer with a path', text: JSON.stringify({ ...batch, referrer: 'example.com/secret' }) },
    { name: 'load 0', text: JSON.stringify({ ...batch, load: 0 }) },
  ])('is refused whole when it has $name', ({ text }) => {
    expect(EventBatchBody.safeParse(text).success).toBe(false);
  });
});

describe('an analytics range', () => {
  it('takes both days inclusive, up to a year', () => {
    expect(AnalyticsRangeQuery.safeParse({ from: '2026-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(AnalyticsRangeQuery.safeParse({ from: '2025-01-01', to: '2026-01-01' }).success).toBe(true);
  });

  it.each([
    { from: '2026-01-02', to: '2026-01-01' },
    { from: '2024-01-01', to: '2026-01-01' },
    { from: '2026-02-30', to: '2026-03-01' },
    { from: 'last week', to: '2026-03-01' },
  ])('refuses $from to $to', (query) => {
    expect(AnalyticsRangeQuery.safeParse(query).success).toBe(false);
  });

  it('is the last 30 days without its days, 30 days up to a lone end, and a lone start up to today', () => {
    const now = Date.parse('2026-03-15T12:00:00Z');
    expect(resolveRange({}, now)).toEqual({ from: '2026-02-14', to: '2026-03-15' });
    expect(resolveRange({ to: '2026-01-31' }, now)).toEqual({ from: '2026-01-02', to: '2026-01-31' });
    expect(resolveRange({ from: '2026-03-01' }, now)).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(AnalyticsRangeQuery.safeParse({}).success).toBe(true);
    expect(AnalyticsRangeQuery.safeParse({ from: '2999-01-01' }).success).toBe(false);
  });
});

describe('the guide stats query', () => {
  it('takes distinct guide ids, up to 100', () => {
    expect(GuideStatsQuery.parse({ ids: 'AbCdEfGhIjKl,AbCdEfGhIjKl,ZyXwVuTsRqPo' }).ids).toEqual(['AbCdEfGhIjKl', 'ZyXwVuTsRqPo']);
    expect(GuideStatsQuery.safeParse({ ids: Array.from({ length: 101 }, (_, i) => `AbCdEfGhI${String(i).padStart(3, '0')}`).join(',') }).success).toBe(false);
    expect(GuideStatsQuery.safeParse({ ids: '' }).success).toBe(false);
  });
});
