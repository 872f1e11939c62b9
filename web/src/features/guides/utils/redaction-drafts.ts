import type { Rect, RedactionStyle } from '#shared/redaction-boxes';

/**
 * Redaction boxes drawn but not yet applied: editor state, kept per slide for the screenshot
 * they were drawn on. Once a slide shows another picture (the boxes were applied, or the
 * screenshot was replaced) its drafts no longer count, and changes recorded for them in the
 * undo history do nothing. Pure, so the rules are tested without a page.
 */
export interface DraftBox extends Rect {
  id: string;
  style: RedactionStyle;
  /** accepted from a suggestion (where capture saw a value typed) */
  suggested?: boolean | undefined;
}

export type Drafts = Readonly<Record<string, { screenshotKey: string; boxes: readonly DraftBox[] }>>;

/** The boxes drafted on the picture a slide shows now. */
export function draftsOf(drafts: Drafts, slide: { id: string; screenshotKey: string | null }): readonly DraftBox[] {
  const entry = drafts[slide.id];
  return entry && slide.screenshotKey && entry.screenshotKey === slide.screenshotKey ? entry.boxes : [];
}

/**
 * The drafts with one slide's boxes changed by `change`, for the picture `screenshotKey`; a
 * change made for a picture the slide no longer shows leaves everything as it is.
 */
export function changedDrafts(drafts: Drafts, slideId: string, screenshotKey: string, change: (boxes: readonly DraftBox[]) => readonly DraftBox[]): Drafts {
  const entry = drafts[slideId];
  if (entry && entry.screenshotKey !== screenshotKey) return drafts;
  return { ...drafts, [slideId]: { screenshotKey, boxes: change(entry?.boxes ?? []) } };
}

export const addBox = (box: DraftBox) => (boxes: readonly DraftBox[]) => (boxes.some((b) => b.id === box.id) ? boxes : [...boxes, box]);
export const removeBox = (id: string) => (boxes: readonly DraftBox[]) => boxes.filter((b) => b.id !== id);
export const replaceBox = (box: DraftBox) => (boxes: readonly DraftBox[]) => boxes.map((b) => (b.id === box.id ? box : b));

/** The slide's drafts gone (applied, or dropped). */
export function withoutDrafts(drafts: Drafts, slideId: string): Drafts {
  if (!(slideId in drafts)) return drafts;
  const next = { ...drafts };
  delete next[slideId];
  return next;
}

/** A suggestion not yet drafted (a box exactly over it). */
export function openSuggestions<T extends Rect>(suggestions: readonly T[], boxes: readonly DraftBox[]): T[] {
  return suggestions.filter((s) => !boxes.some((b) => b.x === s.x && b.y === s.y && b.width === s.width && b.height === s.height));
}

/** What a box is called in the list and to a screen reader. */
export function boxLabel(box: Rect, index: number): string {
  return `Box ${index + 1}: ${box.width}×${box.height} pixels at ${box.x}, ${box.y}`;
}
