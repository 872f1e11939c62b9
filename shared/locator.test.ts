import { describe, expect, it } from 'vitest';
import { describeCandidate, locatorCandidates } from './locator';

describe('locatorCandidates', () => {
  it('orders a button by role and name first, then text, test id and CSS path', () => {
    const candidates = locatorCandidates({ tag: 'button', role: 'button', name: 'Save', text: 'Save', testId: 'save', cssPath: 'main > button' });
    expect(candidates.map((c) => c.strategy)).toEqual(['role', 'text', 'testId', 'css']);
    expect(candidates[0]).toEqual({ strategy: 'role', role: 'button', name: 'Save' });
  });

  it('finds a field by its label and placeholder but never by its text (its value)', () => {
    const candidates = locatorCandidates({ tag: 'input', role: 'textbox', name: 'Email', label: 'Email', placeholder: 'you@example.com', text: 'secret', cssPath: '#email' });
    expect(candidates.map((c) => c.strategy)).toEqual(['role', 'label', 'placeholder', 'css']);
  });

  it('never names a redacted element by its content', () => {
    const candidates = locatorCandidates({ tag: 'div', role: 'button', name: 'Card 4242', text: 'Card 4242', redacted: true, cssPath: '#card' });
    expect(candidates).toEqual([{ strategy: 'css', value: '#card' }]);
  });

  it('has nothing for a step without an element', () => {
    expect(locatorCandidates(null)).toEqual([]);
    expect(locatorCandidates({ tag: 'div' })).toEqual([]);
  });

  it('describes candidates for people', () => {
    expect(describeCandidate({ strategy: 'role', role: 'button', name: 'Save' })).toBe('button “Save”');
    expect(describeCandidate({ strategy: 'css', value: 'a > b' })).toBe('CSS path');
  });
});
