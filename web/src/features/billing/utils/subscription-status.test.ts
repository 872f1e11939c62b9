import { describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '#shared/plan';
import { billingAction, billingDates, daysLeft, planBadge, statusLabel, type BillingDetails } from './subscription-status';

const NOW = 1_800_000_000;
const DAY = 24 * 60 * 60;

const details = (overrides: Partial<BillingDetails>): BillingDetails => ({
  status: null,
  trialEnd: null,
  cancelAtPeriodEnd: null,
  currentPeriodEnd: null,
  ...overrides,
});

describe('daysLeft', () => {
  it.each([
    { name: 'a fresh 7-day trial', end: NOW + 7 * DAY, expected: 7 },
    { name: 'part of a day counts as a day', end: NOW + 30 * 60 * 60, expected: 2 },
    { name: 'an hour left', end: NOW + 3600, expected: 1 },
    { name: 'ended', end: NOW - DAY, expected: 0 },
  ])('$name → $expected', ({ end, expected }) => {
    expect(daysLeft(end, NOW)).toBe(expected);
  });
});

describe('planBadge', () => {
  it.each<{ name: string; input: Partial<BillingDetails>; expected: ReturnType<typeof planBadge> }>([
    { name: 'active is Pro', input: { status: 'active' }, expected: { kind: 'pro', label: 'Pro' } },
    { name: 'active and cancelling is still Pro', input: { status: 'active', cancelAtPeriodEnd: true }, expected: { kind: 'pro', label: 'Pro' } },
    { name: 'a new trial', input: { status: 'trialing', trialEnd: NOW + 7 * DAY }, expected: { kind: 'trial', label: 'Trial · 7 days left' } },
    { name: 'the last day of a trial', input: { status: 'trialing', trialEnd: NOW + 3600 }, expected: { kind: 'trial', label: 'Trial · 1 day left' } },
    { name: 'a trial whose end passed before Stripe moved on', input: { status: 'trialing', trialEnd: NOW - 60 }, expected: { kind: 'trial', label: 'Trial · ends today' } },
    { name: 'past due warns', input: { status: 'past_due' }, expected: { kind: 'past-due', label: 'Payment past due' } },
    { name: 'unpaid warns', input: { status: 'unpaid' }, expected: { kind: 'past-due', label: 'Payment past due' } },
    { name: 'no subscription offers the upgrade', input: {}, expected: { kind: 'upgrade', label: 'Upgrade' } },
    { name: 'canceled offers the upgrade', input: { status: 'canceled', trialEnd: NOW - DAY }, expected: { kind: 'upgrade', label: 'Upgrade' } },
  ])('$name', ({ input, expected }) => {
    expect(planBadge(details(input), NOW)).toEqual(expected);
  });
});

describe('statusLabel', () => {
  it.each<{ status: SubscriptionStatus | null; expected: string }>([
    { status: 'trialing', expected: 'Trial' },
    { status: 'active', expected: 'Active' },
    { status: 'past_due', expected: 'Past due' },
    { status: 'canceled', expected: 'Canceled' },
    { status: null, expected: 'None' },
  ])('$status → $expected', ({ status, expected }) => {
    expect(statusLabel(status)).toBe(expected);
  });
});

describe('billingDates', () => {
  it('a trial lists its end and the first renewal', () => {
    const end = NOW + 7 * DAY;
    expect(billingDates(details({ status: 'trialing', trialEnd: end, cancelAtPeriodEnd: false, currentPeriodEnd: end }), NOW)).toEqual([
      { kind: 'trial-ends', seconds: end },
      { kind: 'renews', seconds: end },
    ]);
  });

  it('a pending cancellation lists the day it cancels instead of a renewal', () => {
    const end = NOW + 7 * DAY;
    expect(billingDates(details({ status: 'trialing', trialEnd: end, cancelAtPeriodEnd: true, currentPeriodEnd: end }), NOW)).toEqual([
      { kind: 'trial-ends', seconds: end },
      { kind: 'cancels', seconds: end },
    ]);
  });

  it('an active plan after its trial lists the past trial and the renewal', () => {
    const renewal = NOW + 20 * DAY;
    expect(billingDates(details({ status: 'active', trialEnd: NOW - 10 * DAY, cancelAtPeriodEnd: false, currentPeriodEnd: renewal }), NOW)).toEqual([
      { kind: 'trial-ended', seconds: NOW - 10 * DAY },
      { kind: 'renews', seconds: renewal },
    ]);
  });

  it('a canceled plan lists no renewal', () => {
    expect(billingDates(details({ status: 'canceled', currentPeriodEnd: NOW - DAY }), NOW)).toEqual([]);
  });

  it('no subscription lists nothing', () => {
    expect(billingDates(details({}), NOW)).toEqual([]);
  });
});

describe('billingAction', () => {
  it.each<{ name: string; input: Partial<BillingDetails>; expected: 'portal' | 'checkout' }>([
    { name: 'no subscription starts the trial', input: {}, expected: 'checkout' },
    { name: 'a trial is managed in the portal', input: { status: 'trialing', trialEnd: NOW + DAY }, expected: 'portal' },
    { name: 'an active plan is managed in the portal', input: { status: 'active' }, expected: 'portal' },
    { name: 'a past-due plan is fixed in the portal', input: { status: 'past_due' }, expected: 'portal' },
    { name: 'canceled after a trial goes to the portal, as in the modal', input: { status: 'canceled', trialEnd: NOW - DAY }, expected: 'portal' },
    { name: 'an expired first checkout starts the trial again', input: { status: 'incomplete_expired' }, expected: 'checkout' },
  ])('$name', ({ input, expected }) => {
    expect(billingAction(details(input), NOW)).toBe(expected);
  });
});
