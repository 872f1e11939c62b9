import { RESTORE_WINDOW_HOURS } from '#shared/slide-restore';
import { Asset } from '../platform';
import type { loadGuide } from '../guide-store';
import { audioMetaKey } from '../guide-store';

/**
 * Deleted slides, kept for RESTORE_WINDOW_HOURS so that an undo in the design view brings one
 * back whole: the slide item is kept in the table (its TTL ends it), and the screenshot and
 * voiceover no other slide shows are parked where nothing serves them (Asset.park), so that a
 * deleted step's pictures are out of reach at once and gone for good when the window ends.
 */
type Slide = Awaited<ReturnType<typeof loadGuide>>['slides'][number];

/**
 * The assets of a slide being deleted that no other slide of the guide shows and no kept version
 * shows (`kept`: version-store.keptAssetKeys): a published version's picture stays where it is
 * served, whichever way the slide leaves the draft (delete, merge, restore).
 */
export function keysToPark(slide: Slide, slides: readonly Slide[], kept: ReadonlySet<string>): string[] {
  const rest = slides.filter((s) => s.slideId !== slide.slideId);
  const keys: string[] = [];
  if (slide.screenshotKey && !rest.some((s) => s.screenshotKey === slide.screenshotKey)) keys.push(slide.screenshotKey);
  if (slide.audioKey && !rest.some((s) => s.audioKey === slide.audioKey)) keys.push(slide.audioKey, audioMetaKey(slide.audioKey));
  return keys.filter((key) => !kept.has(key));
}

/** The table item that keeps a deleted slide (written in the deletion's transaction). */
export function entry(slide: Slide, parkedKeys: string[]) {
  return {
    guideId: slide.guideId,
    slideId: slide.slideId,
    slide: { ...slide },
    parkedKeys,
    expiresAt: Math.floor(Date.now() / 1000) + RESTORE_WINDOW_HOURS * 3600,
  };
}

export async function park(guide: { visibility: Asset.Visibility }, keys: readonly string[]): Promise<void> {
  for (const key of keys) await Asset.park(key, guide.visibility);
}

/** Puts parked assets back where the guide's visibility says (one already gone stays gone). */
export async function unpark(guide: { visibility: Asset.Visibility }, keys: readonly string[]): Promise<void> {
  for (const key of keys) await Asset.unpark(key, guide.visibility);
}
