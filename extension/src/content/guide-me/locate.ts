import type { LocatorCandidate, LocatorStrategy } from '#shared/locator';
import { describeElement } from '../describe';

/**
 * Finds a guide step's element in the viewer's page, with the candidates the drift check uses
 * (shared/locator.ts), strongest first: role and accessible name, label, placeholder, visible
 * text, test id, CSS path. Roles, names and labels are computed by the same code that described
 * the element at capture (describe.ts), so what capture recorded is what is looked for here.
 * Among several visible matches, the one nearest where the author clicked wins.
 */
export interface Found {
  element: Element;
  strategy: LocatorStrategy;
}

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** What may carry a role, a name or a label; walking these, not every node, keeps a big page quick. */
const INTERACTIVE = 'a[href], button, input, select, textarea, summary, option, img, h1, h2, h3, h4, h5, h6, [role], [contenteditable], [tabindex], [aria-label], [aria-labelledby]';
const MAX_NODES = 5_000;

export function isVisible(element: Element): boolean {
  if (element.getClientRects().length === 0) return false;
  const style = getComputedStyle(element);
  return style.visibility !== 'hidden' && style.display !== 'none';
}

function all(root: ParentNode, selector: string): Element[] {
  try {
    return [...root.querySelectorAll(selector)].slice(0, MAX_NODES);
  } catch {
    // A CSS path of odd markup the selector engine refuses: this way finds nothing.
    return [];
  }
}

function isField(element: Element): boolean {
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement || (element instanceof HTMLElement && element.isContentEditable);
}

function matches(doc: Document, candidate: LocatorCandidate): Element[] {
  switch (candidate.strategy) {
    case 'role':
      return all(doc, INTERACTIVE).filter((element) => {
        const described = describeElement(element);
        return described.role === candidate.role && clean(described.name) === candidate.name;
      });
    case 'label':
      // The label capture saw beside an unnamed field, or (like getByLabel) the field's own label.
      return all(doc, INTERACTIVE).filter((element) => {
        const described = describeElement(element);
        return clean(described.label) === candidate.value || (isField(element) && clean(described.name) === candidate.value);
      });
    case 'placeholder':
      return all(doc, '[placeholder]').filter((element) => clean(element.getAttribute('placeholder')) === candidate.value);
    case 'text': {
      const hits = all(doc.body ?? doc, '*').filter((element) => !['SCRIPT', 'STYLE', 'TEMPLATE'].includes(element.tagName) && clean(element.textContent) === candidate.value);
      // The innermost element with the text: its ancestors only contain it.
      return hits.filter((element) => !hits.some((other) => other !== element && element.contains(other)));
    }
    case 'testId': {
      const value = CSS.escape(candidate.value);
      return all(doc, `[data-testid="${value}"], [data-test="${value}"], [data-test-id="${value}"]`);
    }
    case 'id':
      return all(doc, `[id="${CSS.escape(candidate.value)}"]`);
    case 'name': {
      const value = CSS.escape(candidate.value);
      return all(doc, `input[name="${value}"], select[name="${value}"], textarea[name="${value}"]`);
    }
    case 'css':
      return all(doc, candidate.value);
  }
}

function distance(element: Element, near: { x: number; y: number }): number {
  const box = element.getBoundingClientRect();
  return Math.hypot(box.x + box.width / 2 - near.x, box.y + box.height / 2 - near.y);
}

const TEST_ID_ATTRIBUTES = ['data-testid', 'data-test', 'data-test-id'];

/**
 * Whether an element carries another value of a stable attribute the step's element had (test
 * id, id, field name): then it is another element, whatever its role and name say (the other
 * row's "Edit" after a re-order, the one field left after its neighbour was removed).
 */
function contradicts(element: Element, stable: readonly LocatorCandidate[]): boolean {
  return stable.some((candidate) => {
    if (candidate.strategy === 'testId') {
      const values = TEST_ID_ATTRIBUTES.map((name) => element.getAttribute(name)).filter((v): v is string => v !== null && clean(v) !== '');
      return values.length > 0 && !values.some((v) => clean(v) === candidate.value);
    }
    if (candidate.strategy === 'id') return element.id !== '' && element.id !== candidate.value;
    if (candidate.strategy === 'name') return isField(element) && (element.getAttribute('name') ?? '') !== '' && element.getAttribute('name') !== candidate.value;
    return false;
  });
}

/**
 * The first candidate that finds a visible element that no stable attribute contradicts. `near`
 * is where the author clicked, in the viewport (CSS pixels), and picks among several matches;
 * `visible` is the visibility test (layout-free tests pass their own). The drift check runs this
 * same function in the pages it replays (functions/domain/drift/replay.ts).
 */
export function locate(candidates: readonly LocatorCandidate[], near: { x: number; y: number } | null, doc: Document = document, visible: (element: Element) => boolean = isVisible): Found | null {
  const stable = candidates.filter((c) => c.strategy === 'testId' || c.strategy === 'id' || c.strategy === 'name');
  for (const candidate of candidates) {
    const found = matches(doc, candidate).filter((element) => visible(element) && !contradicts(element, stable));
    if (found.length === 0) continue;
    const best = near && found.length > 1 ? found.reduce((a, b) => (distance(b, near) < distance(a, near) ? b : a)) : found[0]!;
    return { element: best, strategy: candidate.strategy };
  }
  return null;
}
