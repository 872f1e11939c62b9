/**
 * Text the server refused to save because someone else changed the same field since the author
 * began (issue 27): kept here, by field, until the author chooses between theirs and their own,
 * so that it outlives the field (another step chosen, the panel closed) and comes back with it.
 * Memory only: it is the page's unsaved work, as a draft in a text field is.
 */
export interface HeldDraft {
  /** the author's own text */
  mine: string;
  /** the field's value now on the server */
  theirs: string;
}

const held = new Map<string, HeldDraft>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** The field key of a step's text field, or of a guide's: `slide:{id}:text`, `guide:{id}:intro`. */
export function fieldKey(scope: 'slide' | 'guide', id: string, field: string): string {
  return `${scope}:${id}:${field}`;
}

export function holdDraft(key: string, draft: HeldDraft): void {
  const before = held.get(key);
  if (before?.mine === draft.mine && before.theirs === draft.theirs) return;
  held.set(key, draft);
  changed();
}

export function releaseDraft(key: string): void {
  if (held.delete(key)) changed();
}

export function heldDraft(key: string): HeldDraft | undefined {
  return held.get(key);
}

/** The keys held under a prefix (`slide:{id}:`): the rail marks a step with text waiting for a choice. */
export function heldKeys(prefix = ''): string[] {
  return [...held.keys()].filter((key) => key.startsWith(prefix));
}

export function subscribeHeldDrafts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The refusal a field's save answers with when someone else changed it: their value now. */
export class FieldConflict extends Error {
  constructor(
    /** their value as text (a text field's) */
    readonly theirs: string,
    /** their value as the server answered it (a card's, a setting's) */
    readonly value: unknown = theirs,
  ) {
    super('Someone else changed this field meanwhile.');
    this.name = 'FieldConflict';
  }
}
