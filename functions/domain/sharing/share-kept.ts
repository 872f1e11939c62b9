import type { SharedGuideDto } from '#shared/share/shared-guide';
import type { Guide } from '../guide-store';

/**
 * The share answers of public guides' published versions, kept by this function instance so that
 * a view reads one item: the guide's. A published version's slides never change but by a redaction
 * or a new publish, and each of those rewrites the guide item (publishedHash, publishedVersion);
 * so an answer is kept with the guide item it was made from, and served only while the item read
 * for this view is that very item, to the attribute. Private guides (their links are signed for
 * a viewer) and guides serving their live slides (never versioned: every edit shows) are never
 * kept. The organisation's name and embed right are not part of it (share.ts adds them).
 */
const MAX_KEPT = 200;
const kept = new Map<string, { stamp: string; answer: SharedGuideDto }>();

const keyOf = (guideId: string, language: string | undefined) => `${guideId}\n${language ?? ''}`;

/** Every attribute of the item, in a fixed order: equal for the same stored item, whatever order it arrives in. */
function stampOf(item: unknown): string {
  return JSON.stringify(item, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : value,
  );
}

const keepable = (item: Guide) => item.status === 'published' && item.visibility === 'public' && item.publishedVersion !== undefined;

/** The answer kept for this guide item and language, if the item is the one it was made from. */
export function get(item: Guide, language: string | undefined): SharedGuideDto | undefined {
  if (!keepable(item)) return undefined;
  const key = keyOf(item.guideId, language);
  const entry = kept.get(key);
  if (!entry) return undefined;
  if (entry.stamp !== stampOf(item)) {
    kept.delete(key);
    return undefined;
  }
  // Most recently used last: the first entry is the one to drop.
  kept.delete(key);
  kept.set(key, entry);
  return entry.answer;
}

export function set(item: Guide, language: string | undefined, answer: SharedGuideDto): void {
  if (!keepable(item) || answer.visibility !== 'public') return;
  const key = keyOf(item.guideId, language);
  kept.delete(key);
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, { stamp: stampOf(item), answer });
}
