import { describe, expect, it } from 'vitest';
import { describeCandidate, locatorCandidates, looksSensitive } from './locator';

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

  it('finds a sensitive field by its role and label, test id, id, field name and CSS path, never by its placeholder or text', () => {
    const candidates = locatorCandidates({ tag: 'input', role: 'textbox', type: 'email', name: 'Work email', placeholder: 'jane@acme.com', text: 'x', testId: 'email', elementId: 'email', fieldName: 'email', cssPath: '#email', redacted: true });
    expect(candidates).toEqual([
      { strategy: 'role', role: 'textbox', name: 'Work email' },
      { strategy: 'testId', value: 'email' },
      { strategy: 'id', value: 'email' },
      { strategy: 'name', value: 'email' },
      { strategy: 'css', value: '#email' },
    ]);
  });

  it('drops every candidate of a redacted element that looks like personal data, whichever attribute carries it', () => {
    const ssn = '078-05-1120';
    const candidates = locatorCandidates({ tag: 'input', role: 'textbox', name: ssn, label: `SSN ${ssn}`, placeholder: ssn, title: ssn, testId: `ssn-${ssn}`, elementId: 'ssn', fieldName: ssn, cssPath: '#ssn', redacted: true });
    expect(candidates).toEqual([
      { strategy: 'id', value: 'ssn' },
      { strategy: 'css', value: '#ssn' },
    ]);
    expect(JSON.stringify(candidates)).not.toContain('1120');
  });

  it('finds an element under an applied redaction box by structure only', () => {
    const candidates = locatorCandidates({ tag: 'button', role: 'button', name: 'Pay Jane Doe', text: 'Pay Jane Doe', testId: 'pay', cssPath: 'main > button' }, { covered: true });
    expect(candidates).toEqual([
      { strategy: 'testId', value: 'pay' },
      { strategy: 'css', value: 'main > button' },
    ]);
  });

  it.each([
    ['jane.doe@acme.com', true],
    ['4242 4242 4242 4242', true],
    ['078-05-1120', true],
    ['+44 20 7946 0958', true],
    ['eyJhbGciOiJIUzI1NiJ9abc', true],
    ['Email', false],
    ['Address line 2', false],
    ['Save contact', false],
    ['save-contact', false],
    ['2FA code', false],
  ])('looksSensitive(%s) is %s', (text, expected) => {
    expect(looksSensitive(text)).toBe(expected);
  });

  it('has nothing for a step without an element', () => {
    expect(locatorCandidates(null)).toEqual([]);
    expect(locatorCandidates({ tag: 'div' })).toEqual([]);
  });

  it('describes candidates for people', () => {
    expect(describeCandidate({ strategy: 'role', role: 'button', name: 'Save' })).toBe('button “Save”');
    expect(describeCandidate({ strategy: 'css', value: 'a > b' })).toBe('CSS path');
    expect(describeCandidate({ strategy: 'name', value: 'email' })).toBe('field name “email”');
  });
});
