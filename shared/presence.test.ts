import { describe, expect, it } from 'vitest';
import { PresenceBody, presenceSentence } from './presence';

describe('presence in the design view', () => {
  it('says who else is editing, once per person', () => {
    expect(presenceSentence([])).toBe('');
    expect(presenceSentence([{ name: 'Sam Teammate', you: false, slideId: null }])).toBe('Sam Teammate is also editing.');
    expect(presenceSentence([{ name: 'Sam', you: false, slideId: 'a' }, { name: 'Sam', you: false, slideId: 'b' }, { name: 'Ada', you: false, slideId: null }])).toBe('Sam and Ada are also editing.');
    expect(presenceSentence([{ name: 'Me', you: true, slideId: null }])).toBe('You, in another tab, are also editing.');
    expect(presenceSentence(['A', 'B', 'C', 'D'].map((name) => ({ name, you: false, slideId: null })))).toBe('A, B and 2 more are also editing.');
  });

  it('takes a tab id and a step, nothing else', () => {
    expect(PresenceBody.safeParse({ clientId: 'tab-12345678', slideId: 'slide1' }).success).toBe(true);
    expect(PresenceBody.safeParse({ clientId: 'short' }).success).toBe(false);
    expect(PresenceBody.safeParse({ clientId: 'tab-12345678', userId: 'someone' }).success).toBe(false);
  });
});
