import { SENSITIVE_SELECTOR } from '#shared/redaction';
import type { CaptureElement as StepElement } from '#shared/capture';
import type { Point, Rect } from '../lib/geometry';

/**
 * What the content script learns about an element: its role, accessible name and fallbacks,
 * and whether it is sensitive. Redaction happens here, before anything is sent: a sensitive
 * element is never described by its value, text or chosen option, and the text of sensitive
 * descendants never enters an ancestor's name (capture-notes.md: mimik leaked redacted values
 * into step text).
 */

const MAX_TEXT = 120;

let authorSelectors: string[] = [];

/** The author's selectors from the popup; invalid ones are skipped one by one. */
export function setAuthorSelectors(selectors: readonly string[]): void {
  authorSelectors = selectors.filter((selector) => {
    try {
      document.createDocumentFragment().querySelector(selector);
      return true;
    } catch {
      return false;
    }
  });
}

export function redactionSelector(): string {
  return [SENSITIVE_SELECTOR, ...authorSelectors].join(',');
}

/** The element or an ancestor (across shadow roots) is covered in screenshots. */
export function isRedacted(element: Element): boolean {
  const selector = redactionSelector();
  for (let node: Element | null = element; node; node = parentElementAcrossShadow(node)) {
    if (node.matches(selector)) return true;
  }
  return false;
}

export function parentElementAcrossShadow(element: Element): Element | null {
  if (element.parentElement) return element.parentElement;
  const root = element.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

const TEXT_INPUT_TYPES = new Set(['', 'text', 'email', 'password', 'search', 'tel', 'url', 'number', 'date', 'datetime-local', 'month', 'week', 'time']);

/** Fields that take typing: one "Type in" step per field instead of a click step. */
export function isTextEntry(element: Element): boolean {
  if (element instanceof HTMLTextAreaElement) return !element.readOnly && !element.disabled;
  if (element instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(element.type.toLowerCase()) && !element.readOnly && !element.disabled;
  return element instanceof HTMLElement && element.isContentEditable;
}

const INTERACTIVE_ROLES = new Set([
  'button', 'link', 'tab', 'checkbox', 'radio', 'switch', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'treeitem', 'combobox', 'textbox', 'searchbox', 'slider', 'spinbutton', 'gridcell', 'row',
]);

/**
 * The element an action is about: the nearest interactive ancestor of what was hit (an icon
 * inside a button is the button), a label's control, else what was hit.
 */
export function actionTarget(path: readonly EventTarget[]): Element | null {
  const elements = path.filter((node): node is Element => node instanceof Element);
  const hit = elements[0];
  if (!hit) return null;
  for (const element of elements.slice(0, 12)) {
    if (element instanceof HTMLLabelElement) return element.control ?? element;
    if (element.matches('a[href], button, input, select, textarea, summary, option, [contenteditable=""], [contenteditable="true"]')) return element;
    const role = element.getAttribute('role')?.split(/\s+/)[0];
    if (role && INTERACTIVE_ROLES.has(role)) return element;
    if (element === document.body || element === document.documentElement) break;
  }
  return hit;
}

function implicitRole(element: Element): string {
  const tag = element.tagName.toLowerCase();
  if (tag === 'a') return element.hasAttribute('href') ? 'link' : '';
  if (tag === 'button' || tag === 'summary') return 'button';
  if (tag === 'select') return (element as HTMLSelectElement).multiple || (element as HTMLSelectElement).size > 1 ? 'listbox' : 'combobox';
  if (tag === 'textarea') return 'textbox';
  if (tag === 'img') return element.getAttribute('alt') === '' ? '' : 'img';
  if (tag === 'option') return 'option';
  if (/^h[1-6]$/.test(tag)) return 'heading';
  if (tag === 'input') {
    const type = (element as HTMLInputElement).type.toLowerCase();
    if (type === 'checkbox') return 'checkbox';
    if (type === 'radio') return 'radio';
    if (type === 'range') return 'slider';
    if (type === 'number') return 'spinbutton';
    if (type === 'search') return 'searchbox';
    if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
    return 'textbox';
  }
  if (element instanceof HTMLElement && element.isContentEditable) return 'textbox';
  return '';
}

export function roleOf(element: Element): string {
  const explicit = element.getAttribute('role')?.trim().split(/\s+/)[0];
  return explicit || implicitRole(element);
}

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function isHidden(element: Element): boolean {
  if (element.getAttribute('aria-hidden') === 'true' || (element instanceof HTMLElement && element.hidden)) return true;
  if (element instanceof HTMLElement || element instanceof SVGElement) {
    const style = getComputedStyle(element);
    return style.display === 'none' || style.visibility === 'hidden';
  }
  return false;
}

/** Visible text of a subtree, leaving out hidden and sensitive parts and form values. */
function textOf(node: Node, selector: string, depth = 0): string {
  if (depth > 20) return '';
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element)) return '';
  if (node.matches(selector) || isHidden(node)) return '';
  const tag = node.tagName.toLowerCase();
  if (tag === 'script' || tag === 'style' || tag === 'template' || tag === 'input' || tag === 'select' || tag === 'textarea') return '';
  const label = node.getAttribute('aria-label');
  if (label && depth > 0) return ` ${label} `;
  if (tag === 'img') return ` ${node.getAttribute('alt') ?? ''} `;
  let text = '';
  const children = node.shadowRoot ? node.shadowRoot.childNodes : node.childNodes;
  for (const child of children) text += textOf(child, selector, depth + 1);
  const display = node instanceof HTMLElement ? getComputedStyle(node).display : 'inline';
  return display === 'inline' ? text : ` ${text} `;
}

function byIds(element: Element, attribute: string, selector: string): string {
  const ids = element.getAttribute(attribute)?.split(/\s+/).filter(Boolean) ?? [];
  const root = element.getRootNode() as Document | ShadowRoot;
  return clean(ids.map((id) => root.getElementById?.(id) ?? document.getElementById(id)).map((el) => (el ? textOf(el, selector, 1) : '')).join(' '));
}

function labelText(element: Element, selector: string): string {
  const labels = 'labels' in element ? (element as HTMLInputElement).labels : null;
  if (labels && labels.length > 0) return clean([...labels].map((label) => textOf(label, selector)).join(' '));
  return '';
}

/** The accessible name, much as Chromium computes it (accname 1.2, the common cases). */
function accessibleName(element: Element, role: string, redacted: boolean, selector: string): string {
  const labelledBy = byIds(element, 'aria-labelledby', selector);
  if (labelledBy) return labelledBy;
  const ariaLabel = clean(element.getAttribute('aria-label'));
  if (ariaLabel) return ariaLabel;
  if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) {
    if (element instanceof HTMLInputElement && ['button', 'submit', 'reset'].includes(element.type)) {
      return clean(element.value) || (element.type === 'submit' ? 'Submit' : element.type === 'reset' ? 'Reset' : '');
    }
    if (element instanceof HTMLInputElement && element.type === 'image') return clean(element.alt);
    return labelText(element, selector);
  }
  // Content names only elements whose role takes its name from content, and never a redacted one.
  if (redacted) return '';
  if (['button', 'link', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'treeitem', 'checkbox', 'radio', 'switch', 'gridcell', 'heading', 'row', 'cell'].includes(role)) {
    return clean(textOf(element, selector));
  }
  if (element instanceof HTMLImageElement) return clean(element.alt);
  return '';
}

/** A label-like text just before the element, for fields that no label names. */
function nearbyLabel(element: Element, selector: string): string {
  let node: Element | null = element;
  for (let level = 0; node && level < 3; level++, node = node.parentElement) {
    for (let sibling = node.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
      if (sibling.matches(selector)) break;
      const text = clean(textOf(sibling, selector));
      if (text && text.length <= 60) return text;
      if (text) break;
    }
  }
  return '';
}

function checkedState(element: Element): boolean | null {
  if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) return element.checked;
  const aria = element.getAttribute('aria-checked') ?? element.getAttribute('aria-pressed');
  if (aria === 'true') return true;
  if (aria === 'false') return false;
  return null;
}

/** The element as the step text generator sees it: role, name and fallbacks, redaction applied. */
export function describeElement(element: Element): StepElement {
  const selector = redactionSelector();
  const redacted = isRedacted(element);
  const role = roleOf(element);
  const name = accessibleName(element, role, redacted, selector);
  const described: StepElement = { tag: element.tagName.toLowerCase(), role: role || null, name: name.slice(0, MAX_TEXT) || null };
  if (element instanceof HTMLInputElement) described.type = element.type.toLowerCase();
  if (redacted) described.redacted = true;
  if (!name) {
    const label = nearbyLabel(element, selector);
    if (label) described.label = label;
    const placeholder = clean(element.getAttribute('placeholder'));
    if (placeholder) described.placeholder = placeholder.slice(0, MAX_TEXT);
    const title = clean(element.getAttribute('title'));
    if (title) described.title = title.slice(0, MAX_TEXT);
    if (!redacted) {
      const alt = clean(element.getAttribute('alt') ?? element.querySelector('img[alt]')?.getAttribute('alt'));
      if (alt) described.alt = alt.slice(0, MAX_TEXT);
      const text = clean(textOf(element, selector));
      if (text) described.text = text.slice(0, MAX_TEXT);
    }
  }
  const checked = checkedState(element);
  if (checked !== null) described.checked = checked;
  // Structure only, never content: what a replay of the guide finds the element by when its words change.
  const testId = clean(element.getAttribute('data-testid') ?? element.getAttribute('data-test') ?? element.getAttribute('data-test-id'));
  if (testId) described.testId = testId.slice(0, MAX_TEXT);
  const id = element.id;
  if (id && isAuthoredId(id)) described.elementId = id.slice(0, MAX_TEXT);
  const fieldName = element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement ? clean(element.getAttribute('name')) : '';
  if (fieldName) described.fieldName = fieldName.slice(0, MAX_TEXT);
  const path = cssPath(element);
  if (path) described.cssPath = path;
  return described;
}

const MAX_CSS_PATH = 1_000;
const SIMPLE_ID = /^[A-Za-z][\w-]*$/;

/** An id a person wrote (`email`, `save-contact`), not one a framework generated (`:r1:`, `input-4821`). */
function isAuthoredId(id: string): boolean {
  return SIMPLE_ID.test(id) && !/\d{3,}/.test(id);
}

/**
 * A CSS path to the element, the locator of last resort: from the nearest ancestor with a simple
 * id unique in its document (ids that look generated, with digits runs, are skipped), else from the
 * root, by tag and position among same-tag siblings. Class names are left out: build tools hash them.
 */
export function cssPath(element: Element): string | null {
  const parts: string[] = [];
  const root = element.getRootNode();
  for (let node: Element | null = element; node && node.nodeType === Node.ELEMENT_NODE; node = node.parentElement) {
    const id = node.id;
    if (id && isAuthoredId(id) && (root as Document | ShadowRoot).querySelectorAll?.(`#${id}`).length === 1) {
      parts.unshift(`#${id}`);
      break;
    }
    const tag = node.tagName.toLowerCase();
    if (tag === 'html') {
      parts.unshift('html');
      break;
    }
    const parent: Element | null = node.parentElement;
    const same = parent ? [...parent.children].filter((child) => child.tagName === node.tagName) : [];
    parts.unshift(same.length > 1 ? `${tag}:nth-of-type(${same.indexOf(node) + 1})` : tag);
  }
  const path = parts.join(' > ');
  return path && path.length <= MAX_CSS_PATH ? path : null;
}

/**
 * Where this frame's viewport sits in the top viewport, or null in a frame the extension cannot
 * measure (an ancestor from another origin).
 */
export function frameOffset(): Point | null {
  let x = 0;
  let y = 0;
  let win: Window = window;
  while (win !== win.top) {
    let frame: Element | null;
    try {
      frame = win.frameElement;
    } catch {
      return null;
    }
    if (!frame) return null;
    const box = frame.getBoundingClientRect();
    const style = getComputedStyle(frame);
    x += box.left + frame.clientLeft + Number.parseFloat(style.paddingLeft || '0');
    y += box.top + frame.clientTop + Number.parseFloat(style.paddingTop || '0');
    win = win.parent;
  }
  return { x, y };
}

export function boxOf(element: Element, offset: Point): Rect | null {
  const box = element.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return null;
  return { x: box.left + offset.x, y: box.top + offset.y, width: box.width, height: box.height };
}

/** The document and its open shadow roots, which hide their content from querySelectorAll; closed ones are a known gap. */
export function openRoots(doc: Document): Array<Document | ShadowRoot> {
  const roots: Array<Document | ShadowRoot> = [doc];
  const walker = doc.createTreeWalker(doc.documentElement ?? doc, NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const shadow = (node as Element).shadowRoot;
    if (shadow) roots.push(shadow);
  }
  return roots;
}

/**
 * The documents of this document's same-origin frames, each with where its viewport starts in
 * the top frame's (`offset` is this document's). A cross-origin frame cannot be read from here,
 * nor placed from inside it: a known gap.
 */
export function readableFrames(doc: Document, offset: Point): Array<{ document: Document; offset: Point }> {
  const frames: Array<{ document: Document; offset: Point }> = [];
  for (const frame of doc.querySelectorAll('iframe, frame')) {
    let inner: Document | null;
    try {
      inner = (frame as HTMLIFrameElement).contentDocument;
    } catch {
      inner = null;
    }
    if (!inner) continue;
    const box = frame.getBoundingClientRect();
    const style = getComputedStyle(frame);
    const at = { x: offset.x + box.left + frame.clientLeft + Number.parseFloat(style.paddingLeft || '0'), y: offset.y + box.top + frame.clientTop + Number.parseFloat(style.paddingTop || '0') };
    frames.push({ document: inner, offset: at });
  }
  return frames;
}

/** Every sensitive box in this document and its same-origin frames, in this frame's viewport. */
export function sensitiveRects(doc: Document = document, offset: Point = { x: 0, y: 0 }, depth = 0): Rect[] {
  const selector = redactionSelector();
  const rects: Rect[] = [];
  const roots = openRoots(doc);
  const viewWidth = doc.defaultView?.innerWidth ?? 0;
  const viewHeight = doc.defaultView?.innerHeight ?? 0;
  for (const root of roots) {
    for (const element of root.querySelectorAll(selector)) {
      for (const box of element.getClientRects()) {
        if (box.width === 0 || box.height === 0 || box.bottom < 0 || box.right < 0 || box.top > viewHeight || box.left > viewWidth) continue;
        rects.push({ x: box.left + offset.x, y: box.top + offset.y, width: box.width, height: box.height });
      }
    }
  }
  if (depth < 4) {
    for (const frame of readableFrames(doc, offset)) rects.push(...sensitiveRects(frame.document, frame.offset, depth + 1));
  }
  return rects;
}
