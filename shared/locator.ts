import type { CaptureElement } from './capture';

/**
 * How a captured step's element is found again, in a replay of the guide against the live app
 * (the drift check) and in the viewer's own browser (Guide me). Capture stores what each strategy
 * needs on the slide (`capture.element`: role and accessible name, label, placeholder, visible text,
 * test id, CSS path); this module turns it into candidates, strongest first. The strongest is
 * what the step's words name (a button's name is its text in "Click **Save**"), so a renamed
 * button is found only by a weaker candidate: the step has moved away from its guide.
 */
export const LOCATOR_STRATEGIES = ['role', 'label', 'placeholder', 'text', 'testId', 'css'] as const;
export type LocatorStrategy = (typeof LOCATOR_STRATEGIES)[number];

export type LocatorCandidate =
  | { strategy: 'role'; role: string; name: string }
  | { strategy: Exclude<LocatorStrategy, 'role'>; value: string };

/** Roles Playwright's getByRole and the overlay know; anything else is left to the other strategies. */
const ROLES = new Set([
  'button', 'link', 'tab', 'checkbox', 'radio', 'switch', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'treeitem',
  'combobox', 'textbox', 'searchbox', 'slider', 'spinbutton', 'gridcell', 'row', 'heading', 'img', 'listbox', 'cell',
]);

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * The ways to find a captured element, strongest first; empty when capture recorded nothing to
 * find it by. A redacted element is never found by its content, only by structure.
 */
export function locatorCandidates(element: CaptureElement | null | undefined): LocatorCandidate[] {
  if (!element) return [];
  const candidates: LocatorCandidate[] = [];
  const role = clean(element.role);
  const name = clean(element.name);
  const redacted = element.redacted === true;
  if (role && ROLES.has(role) && name && !redacted) candidates.push({ strategy: 'role', role, name });
  const label = clean(element.label);
  if (label) candidates.push({ strategy: 'label', value: label });
  const placeholder = clean(element.placeholder);
  if (placeholder) candidates.push({ strategy: 'placeholder', value: placeholder });
  const text = clean(element.text);
  // Form fields' text is their value, never stored; a long text is a container, not a target.
  if (text && !redacted && !['input', 'textarea', 'select'].includes(element.tag) && text.length <= 80) candidates.push({ strategy: 'text', value: text });
  const testId = clean(element.testId);
  if (testId) candidates.push({ strategy: 'testId', value: testId });
  const css = clean(element.cssPath);
  if (css) candidates.push({ strategy: 'css', value: css });
  return candidates;
}

/** A short description of a candidate for people ("button “Save”", "test id “save”"). */
export function describeCandidate(candidate: LocatorCandidate): string {
  switch (candidate.strategy) {
    case 'role':
      return `${candidate.role} “${candidate.name}”`;
    case 'label':
      return `label “${candidate.value}”`;
    case 'placeholder':
      return `placeholder “${candidate.value}”`;
    case 'text':
      return `text “${candidate.value}”`;
    case 'testId':
      return `test id “${candidate.value}”`;
    case 'css':
      return 'CSS path';
  }
}
