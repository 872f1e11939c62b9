import { findSensitiveText, type SensitiveTextKind } from '#shared/redaction';
import type { Point, Rect } from '../lib/geometry';
import { extendsPrint, findFingerprints, fingerprint, isNameField, nameParts, type Fingerprint, type Salt } from '../lib/secret-match';
import { openRoots, readableFrames, redactionSelector } from './describe';

/**
 * Personal data in the page at the moment of a screenshot (issue 27): every value the author
 * typed during the capture, wherever it shows now (found by its fingerprint, lib/secret-match.ts),
 * and text that is personal data by its shape (shared/redaction.ts), in field values and text
 * nodes, with their boxes as they are now, in this document, its open shadow roots and its
 * same-origin frames. Fields already covered by the solid fill (describe.ts) are left to it.
 */
export interface FoundData {
  /** in the top viewport, CSS pixels */
  rect: Rect;
  kind: SensitiveTextKind;
}

const SKIPPED_PARENTS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA', 'OPTION']);
const VALUE_INPUT_TYPES = new Set(['', 'text', 'email', 'search', 'tel', 'url', 'number']);
/** A page is searched within the capture's time to prepare: this many text nodes at most. */
const MAX_TEXT_NODES = 20_000;

function inView(box: DOMRect, width: number, height: number): boolean {
  return box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < height && box.left < width;
}

function kindsIn(text: string, prints: readonly Fingerprint[], salt: Salt | null): Array<{ start: number; end: number; kind: SensitiveTextKind }> {
  const typed = salt ? findFingerprints(text, prints, salt).map((m) => ({ ...m, kind: 'typed' as const })) : [];
  const shaped = findSensitiveText(text).filter((m) => !typed.some((t) => m.start < t.end && t.start < m.end));
  return [...typed, ...shaped];
}

/** Every piece of personal data this document shows now, and its same-origin frames'. */
export function findPersonalData(prints: readonly Fingerprint[], salt: Salt | null, doc: Document = document, offset: Point = { x: 0, y: 0 }, depth = 0): FoundData[] {
  const found: FoundData[] = [];
  const width = doc.defaultView?.innerWidth ?? 0;
  const height = doc.defaultView?.innerHeight ?? 0;
  const covered = redactionSelector();
  const push = (box: DOMRect, kind: SensitiveTextKind) => {
    if (inView(box, width, height)) found.push({ rect: { x: box.left + offset.x, y: box.top + offset.y, width: box.width, height: box.height }, kind });
  };
  let textNodes = 0;
  for (const root of openRoots(doc)) {
    // Field values: the field's box (where in it the text sits is the field's own business).
    for (const field of root.querySelectorAll('input, textarea')) {
      const control = field as HTMLInputElement | HTMLTextAreaElement;
      if (control instanceof HTMLInputElement && !VALUE_INPUT_TYPES.has(control.type.toLowerCase())) continue;
      if (!control.value || control.matches(covered)) continue;
      const kinds = kindsIn(control.value, prints, salt);
      if (kinds[0]) push(control.getBoundingClientRect(), kinds[0].kind);
    }
    // Text: the box of each occurrence, line by line.
    const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node && textNodes < MAX_TEXT_NODES; node = walker.nextNode()) {
      textNodes++;
      const text = node as Text;
      const parent = text.parentElement;
      if (!parent || SKIPPED_PARENTS.has(parent.tagName) || text.data.trim().length < 3 || parent.closest(covered)) continue;
      for (const match of kindsIn(text.data, prints, salt)) {
        const range = doc.createRange();
        range.setStart(text, match.start);
        range.setEnd(text, match.end);
        for (const box of range.getClientRects()) push(box, match.kind);
      }
    }
  }
  if (depth < 4) {
    for (const frame of readableFrames(doc, offset)) found.push(...findPersonalData(prints, salt, frame.document, frame.offset, depth + 1));
  }
  return found;
}

/**
 * The values typed in this frame, as fingerprints for the worker: one per field while its typing
 * goes on (each keystroke's value replaces the last), a new one when the field gets another value.
 * The value itself is read from the field when needed and kept nowhere.
 */
export class TypedValues {
  private readonly fields = new WeakMap<Element, { id: string; print: Fingerprint }>();
  private readonly waiting = new Map<Element, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly salt: () => Salt | null,
    private readonly send: (fieldId: string, print: Fingerprint) => void,
  ) {}

  /** A field's value changed: its fingerprint goes a moment later (or at once with `flush`). */
  changed(field: Element, delayMs = 250): void {
    clearTimeout(this.waiting.get(field));
    this.waiting.set(
      field,
      setTimeout(() => this.report(field), delayMs),
    );
  }

  /** Sends every fingerprint still waiting: before a press, whose screenshot may show the value. */
  flush(): void {
    for (const [field, timer] of this.waiting) {
      clearTimeout(timer);
      this.report(field);
    }
  }

  private report(field: Element): void {
    this.waiting.delete(field);
    const salt = this.salt();
    if (!salt) return;
    const value = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : (field.textContent ?? '');
    const print = fingerprint(value, salt);
    if (!print) return;
    const before = this.fields.get(field);
    if (before && before.print.length === print.length && before.print.h1 === print.h1 && before.print.h2 === print.h2) return;
    const id = before && extendsPrint(value, before.print, salt) ? before.id : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    this.fields.set(field, { id, print });
    this.send(id, print);
    // A name's parts show on their own too ("Welcome, Rosalind!"): each is looked for as well.
    if (!isNameField({ autocomplete: field.getAttribute('autocomplete'), name: field.getAttribute('name'), id: field.id })) return;
    for (const [i, part] of nameParts(value).entries()) {
      const partPrint = fingerprint(part, salt);
      if (partPrint) this.send(`${id}.${i}`, partPrint);
    }
  }
}
