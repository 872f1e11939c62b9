import { describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '#shared/plan';
import {
  isSubscriptionModalRequested,
  isSubscriptionModalShown,
  searchAfterClose,
  searchAfterConfirmation,
  subscribeHref,
  subscriptionOffer,
  type SubscriptionSearch,
} from './subscription-modal';

const NOW = 1_800_000_000;
const DAY = 24 * 60 * 60;

describe('isSubscriptionModalRequested', () => {
  it.each<{ name: string; search: SubscriptionSearch; expected: boolean }>([
    { name: 'nothing in the search', search: {}, expected: false },
    { name: 'the subscribe flag', search: { subscribe: true }, expected: true },
    { name: 'a lowered subscribe flag (?subscribe=false)', search: { subscribe: false }, expected: false },
    { name: 'the return from checkout', search: { stripe_session_id: 'cs_1' }, expected: true },
    { name: 'both', search: { subscribe: true, stripe_session_id: 'cs_1' }, expected: true },
  ])('$name → $expected', ({ search, expected }) => {
    expect(isSubscriptionModalRequested(search)).toBe(expected);
  });
});

describe('isSubscriptionModalShown (product-spec.md §2)', () => {
  const base = { signedIn: true, planLoaded: true, status: null as SubscriptionStatus | null };

  it.each<{ name: string; input: Partial<typeof base> & { search: SubscriptionSearch }; expected: boolean }>([
    { name: 'a signed-in person without a plan who asks to subscribe sees it', input: { search: { subscribe: true } }, expected: true },
    { name: 'a signed-out visitor never sees it', input: { search: { subscribe: true }, signedIn: false }, expected: false },
    { name: 'a signed-out visitor back from checkout does not see it', input: { search: { stripe_session_id: 'cs_1' }, signedIn: false }, expected: false },
    { name: 'it waits until the plan has loaded', input: { search: { subscribe: true }, planLoaded: false }, expected: false },
    { name: 'it waits for the plan on the return from checkout too', input: { search: { stripe_session_id: 'cs_1' }, planLoaded: false }, expected: false },
    { name: 'without subscribe or stripe_session_id it stays closed', input: { search: {} }, expected: false },
    { name: 'an active subscriber asking to subscribe does not see it', input: { search: { subscribe: true }, status: 'active' }, expected: false },
    { name: 'a trialing subscriber asking to subscribe does not see it', input: { search: { subscribe: true }, status: 'trialing' }, expected: false },
    { name: 'a past-due subscriber has no active plan and sees it', input: { search: { subscribe: true }, status: 'past_due' }, expected: true },
    { name: 'a canceled subscriber sees it', input: { search: { subscribe: true }, status: 'canceled' }, expected: true },
    { name: 'back from checkout it shows while confirming, even once trialing', input: { search: { stripe_session_id: 'cs_1' }, status: 'trialing' }, expected: true },
    { name: 'back from checkout without a plan yet it shows', input: { search: { stripe_session_id: 'cs_1' } }, expected: true },
  ])('$name', ({ input, expected }) => {
    expect(isSubscriptionModalShown({ ...base, ...input })).toBe(expected);
  });
});

describe('subscriptionOffer: the main button and the line under it (product-spec.md §2, §4 "had a trial")', () => {
  it('offers the free trial through checkout to someone who never subscribed', () => {
    expect(subscriptionOffer({ trialEnd: null }, NOW)).toEqual({
      action: 'checkout',
      buttonLabel: 'Start 7-day free trial',
      caption: 'Cancel any time · No charge today',
    });
  });

  it('treats details not loaded yet as a new user', () => {
    expect(subscriptionOffer(undefined, NOW).buttonLabel).toBe('Start 7-day free trial');
  });

  it('offers the portal to someone whose trial ended', () => {
    expect(subscriptionOffer({ trialEnd: NOW - DAY }, NOW)).toEqual({
      action: 'portal',
      buttonLabel: 'Manage subscription',
      caption: 'Cancel any time',
    });
  });

  it('a trial still running is not "had a trial" (its end is not past)', () => {
    expect(subscriptionOffer({ trialEnd: NOW + 3 * DAY }, NOW).action).toBe('checkout');
  });

  it('a trial ending this very second is not past yet', () => {
    expect(subscriptionOffer({ trialEnd: NOW }, NOW).action).toBe('checkout');
  });
});

describe('the search parameters the modal removes', () => {
  it('closing removes subscribe and keeps the page’s own parameters', () => {
    expect(searchAfterClose(new URLSearchParams('subscribe=true&tab=all')).toString()).toBe('tab=all');
  });

  it('closing after a failed confirmation removes stripe_session_id too, so the modal can close', () => {
    expect(searchAfterClose(new URLSearchParams('stripe_session_id=cs_1&subscribe=true')).toString()).toBe('');
  });

  it('after confirmation both subscribe and stripe_session_id are removed', () => {
    expect(searchAfterConfirmation(new URLSearchParams('subscribe=true&stripe_session_id=cs_1&q=x')).toString()).toBe('q=x');
  });

  it('does not change the parameters it was given', () => {
    const params = new URLSearchParams('subscribe=true');
    searchAfterClose(params);
    expect(params.get('subscribe')).toBe('true');
  });
});

describe('subscribeHref', () => {
  it('opens the modal over the current page', () => {
    expect(subscribeHref({ pathname: '/dashboard/recents', search: '' })).toBe('/dashboard/recents?subscribe=true');
  });

  it('keeps the page’s own search', () => {
    expect(subscribeHref({ pathname: '/dashboard/folder/f1', search: '?sort=name' })).toBe('/dashboard/folder/f1?sort=name&subscribe=true');
  });
});
