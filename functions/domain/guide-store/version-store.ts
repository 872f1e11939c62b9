import { db } from '../../db/service';

/**
 * A guide's stored versions as plain table reads and writes, for modules that must not carry the
 * publishing code (slides, organisations): what assets they keep, and their removal.
 */

/**
 * The asset keys a guide's kept versions show. Deleting a slide from the draft parks only what no
 * version shows, so a published version never loses its pictures or voice; the guide's deletion
 * removes them with its prefix. One Query of the version heads' key lists.
 */
export async function keptAssetKeys(guide: { guideId: string; lastVersion?: number | undefined }): Promise<Set<string>> {
  // A guide never published with versions (old data, the seed) has none to read.
  if (guide.lastVersion === undefined) return new Set();
  const { data } = await db().entities.version.query.byGuide({ guideId: guide.guideId }).go({ pages: 'all', attributes: ['assetKeys'] });
  return new Set(data.flatMap((item) => item.assetKeys ?? []));
}

/** Removes every version of a guide, its languages' copies with it (the guide is being deleted; its assets go with its prefix). */
export async function removeAll(guideId: string): Promise<void> {
  const { data: heads } = await db().entities.version.query.byGuide({ guideId }).go({ pages: 'all', attributes: ['guideId', 'version'] });
  const { data: slides } = await db().entities.versionSlide.query.byVersion({ guideId }).go({ pages: 'all', attributes: ['guideId', 'version', 'position'] });
  if (slides.length > 0) await db().entities.versionSlide.delete(slides).go();
  const { data: languages } = await db().entities.versionTranslation.query.byVersion({ guideId }).go({ pages: 'all', attributes: ['guideId', 'version', 'language'] });
  if (languages.length > 0) await db().entities.versionTranslation.delete(languages).go();
  if (heads.length > 0) await db().entities.version.delete(heads).go();
}
