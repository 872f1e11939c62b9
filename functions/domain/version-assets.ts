import { db } from '../db/service';

/**
 * The asset keys a guide's kept versions show. Deleting a slide from the draft parks only what no
 * version shows, so a published version never loses its pictures or voice; the guide's deletion
 * removes them with its prefix. One Query of the version heads' key lists.
 */
export async function keptAssetKeys(guideId: string): Promise<Set<string>> {
  const { data } = await db().entities.version.query.byGuide({ guideId }).go({ pages: 'all', attributes: ['assetKeys'] });
  return new Set(data.flatMap((item) => item.assetKeys ?? []));
}
