import { createHash } from 'node:crypto';
import { audioMetaKey } from './audio-key';

/**
 * What a published version holds, as pure functions over stored items: the guide item's content
 * fields and a copy of every slide item. Copies are generic (every attribute but identity and
 * bookkeeping), so attributes added to slides later (annotations, cards, redaction) are kept by
 * versions without this module knowing them.
 */
type Item = Record<string, unknown>;

/** Guide attributes that are not the author's content: identity, place, sharing, counters, caches, version state. */
const GUIDE_NOT_CONTENT = new Set([
  'guideId',
  'orgId',
  'folderId',
  'createdBy',
  'status',
  'visibility',
  'slideCount',
  'orderVersion',
  'thumbnailKey',
  'socialImageKey',
  'socialImageSourceKey',
  'titleLower',
  'titleAuto',
  'voiceoverJobId',
  // the languages: versioned as VersionTranslation items (translation-publishing.ts), not as content
  'translations',
  'translationDrafts',
  'publishedTranslations',
  'revision',
  'publishedVersion',
  'publishedHash',
  'publishedGuide',
  'lastVersion',
  'createdAt',
  'updatedAt',
]);

/**
 * Slide attributes a viewer never sees change: who owns it and when it was written, and the
 * redaction boxes it remembers (the picture they were baked into is what changed, in every version).
 */
const SLIDE_NOT_CONTENT = new Set(['guideId', 'orgId', 'createdAt', 'updatedAt', 'redactedBoxes']);

function without(item: Item, skip: ReadonlySet<string>): Item {
  return Object.fromEntries(Object.entries(item).filter(([name, value]) => !skip.has(name) && value !== undefined));
}

/** The guide item's content fields, as a version keeps them. */
export function guideContent(guide: object): Item {
  return without(guide as Item, GUIDE_NOT_CONTENT);
}

/** A slide item as a version keeps it: every attribute but its owner's ids. */
export function slideCopy(slide: object): Item {
  return without(slide as Item, new Set(['guideId', 'orgId']));
}

/** The guide fields a restore removes: content the draft has that the version did not. */
export function guideFieldsToRemove(draft: object, version: Item): string[] {
  return Object.keys(guideContent(draft)).filter((name) => !(name in version));
}

/** JSON with object keys sorted, so equal content always gives equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Item)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The content of a guide (its settings and its slides in order), hashed: a draft whose hash is the
 * published version's has no unpublished changes, whatever writes came and went in between.
 */
export function contentHash(guide: object, slides: readonly object[]): string {
  return hashOf({ guide: guideContent(guide), slides: slides.map((slide) => without(slide as Item, SLIDE_NOT_CONTENT)) });
}

/** Any stored value hashed the same way: equal content, equal hash, whatever order its keys were written in. */
export function hashOf(value: unknown): string {
  return createHash('sha256').update(canonical(value)).digest('base64url').slice(0, 32);
}

/** Whether a draft differs from the version it was published as. */
export function hasUnpublishedChanges(guide: { publishedVersion?: number | undefined; publishedHash?: string | undefined }, slides: readonly object[]): boolean {
  if (guide.publishedVersion === undefined) return false;
  return guide.publishedHash !== contentHash(guide, slides);
}

/** Every guide asset key a value names, at any depth (attributes named `…Key` holding `orgs/…`). */
function collectKeys(value: unknown, name: string, into: Set<string>): void {
  if (typeof value === 'string') {
    if (/Key$/.test(name) && value.startsWith('orgs/')) {
      into.add(value);
      // A voiceover's timings file sits beside it and goes where it goes.
      if (name === 'audioKey') into.add(audioMetaKey(value));
    }
    return;
  }
  if (Array.isArray(value)) for (const entry of value) collectKeys(entry, name, into);
  else if (value && typeof value === 'object') for (const [key, entry] of Object.entries(value as Item)) collectKeys(entry, key, into);
}

/** The asset keys slides show (screenshots, voiceovers with their timings, any other `…Key`). */
export function assetKeysOf(slides: readonly object[]): string[] {
  const keys = new Set<string>();
  for (const slide of slides) collectKeys(slide, '', keys);
  return [...keys];
}

/** A value with every string equal to `from` replaced by `to`, at any depth; the same object when none is. */
export function replaceString<T>(value: T, from: string, to: string): T {
  if (value === from) return to as T;
  if (Array.isArray(value)) {
    const next = value.map((entry: unknown) => replaceString(entry, from, to));
    return next.some((entry, i) => entry !== value[i]) ? (next as T) : value;
  }
  if (value && typeof value === 'object') {
    let changed = false;
    const next = Object.fromEntries(
      Object.entries(value as Item).map(([key, entry]) => {
        const replaced = replaceString(entry, from, to);
        if (replaced !== entry) changed = true;
        return [key, replaced];
      }),
    );
    return changed ? (next as T) : value;
  }
  return value;
}

/**
 * How a draft becomes a version's copy: every slide of the version is written back whole (same
 * ids, so undo entries and analytics keep their meaning), and the draft's slides the version
 * does not have are removed.
 */
export function restorePlan<S extends { slideId: string }>(draft: readonly S[], version: readonly Item[]): { put: Item[]; remove: S[] } {
  const kept = new Set(version.map((slide) => String(slide.slideId)));
  return { put: [...version], remove: draft.filter((slide) => !kept.has(slide.slideId)) };
}
