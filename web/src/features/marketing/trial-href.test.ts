import { describe, expect, it } from 'vitest';
import { trialHref } from './trial-href';

describe('the free-trial button', () => {
  it('opens the subscription straight away for a signed-in visitor', () => {
    expect(trialHref(true)).toBe('/?subscribe=true');
  });

  it('sends anyone else through sign-in and back to the subscription', () => {
    const href = trialHref(false);
    expect(href).toBe('/auth?redirect=%2F%3Fsubscribe%3Dtrue');
    expect(new URL(href, 'https://x.test').searchParams.get('redirect')).toBe('/?subscribe=true');
  });
});
