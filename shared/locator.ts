import type { CaptureElement } from './capture';

/**
 * How a captured step's element is found again, in a replay of the guide against the live app
 * (the drift check) and in the viewer's own browser (Guide me). Capture stores what each strategy
 * needs on the slide (`capture.element`: role and accessible name, label, placeholder, visible text,
 * test id, CSS path); this module turns it into candidates, strongest first. The strongest is
 * what the step's words name (a button's name is its text in "Click **Save**"), so a renamed
 * button is found only by a weaker candidate: the step has moved away from its guide.
 */
export const LOCATOR_STRATEGIES = ['role', 'label', 'placeholder', 'text', 'testId', 'id', 'name', 'css'] as const;
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

const FIELD_TAGS = new Set(['input', 'select', 'textarea']);

/**
 * Text that may be personal data or a secret whatever attribute carries it: an e-mail address,
 * a run of four or more digits (card, account, phone and social security numbers; spaces, dots,
 * dashes and slashes between them), or a long opaque token. A redacted element's candidates are
 * dropped when they look like this.
 */
export function looksSensitive(text: string): boolean {
  return /[^\s@]+@[^\s@]+\.[^\s@]+/.test(text) || /\d(?:[\s./-]?\d){3,}/.test(text) || /(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{20,}/.test(text);
}

export interface CandidateOptions {
  /**
   * The step's element lies under a redaction box the author applied to its screenshot: what it
   * shows was redacted, so it is found by structure only (test id, id, name, CSS path).
   */
  covered?: boolean | undefined;
}

/**
 * The ways to find a captured element, strongest first; empty when capture recorded nothing to
 * find it by. A redacted element (a sensitive field, or one under `data-redact`) is never found
 * by what it shows or holds: a form field keeps its role and label (a field's accessible name is
 * its label, never its value), its test id, id, name and CSS path; its placeholder, text and
 * anything that looks like personal data are dropped. An element under an applied redaction box
 * keeps structure only.
 */
export function locatorCandidates(element: CaptureElement | null | undefined, options: CandidateOptions = {}): LocatorCandidate[] {
  if (!element) return [];
  const candidates: LocatorCandidate[] = [];
  const covered = options.covered === true;
  const redacted = element.redacted === true || covered;
  const isField = FIELD_TAGS.has(element.tag);
  // What a redacted element's candidates may carry: a field's label that does not look like data.
  const labelOk = (text: string) => !covered && (!redacted || (isField && !looksSensitive(text)));
  const structureOk = (text: string) => !redacted || !looksSensitive(text);
  const role = clean(element.role);
  const name = clean(element.name);
  if (role && ROLES.has(role) && name && labelOk(name)) candidates.push({ strategy: 'role', role, name });
  const label = clean(element.label);
  if (label && labelOk(label)) candidates.push({ strategy: 'label', value: label });
  const placeholder = clean(element.placeholder);
  if (placeholder && !redacted) candidates.push({ strategy: 'placeholder', value: placeholder });
  const text = clean(element.text);
  // Form fields' text is their value, never stored; a long text is a container, not a target.
  if (text && !redacted && !isField && text.length <= 80) candidates.push({ strategy: 'text', value: text });
  const testId = clean(element.testId);
  if (testId && structureOk(testId)) candidates.push({ strategy: 'testId', value: testId });
  const id = clean(element.elementId);
  if (id && structureOk(id)) candidates.push({ strategy: 'id', value: id });
  const fieldName = clean(element.fieldName);
  if (fieldName && isField && structureOk(fieldName)) candidates.push({ strategy: 'name', value: fieldName });
  const css = clean(element.cssPath);
  if (css && structureOk(css)) candidates.push({ strategy: 'css', value: css });
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
    case 'id':
      return `id “${candidate.value}”`;
    case 'name':
      return `field name “${candidate.value}”`;
    case 'css':
      return 'CSS path';
  }
}
