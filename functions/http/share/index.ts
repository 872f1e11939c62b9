// GET /api/share/{id} — a published guide for its viewers, in a language with ?lang=; no cookie needed (members see private ones)
// GET /api/share/{id}/guide-me — the same guide as the extension's overlay walks it in the real app
import { GuidePath } from '#shared/guides';
import { ShareLanguageQuery } from '#shared/translation';
import { dispatch } from '../../core/dispatch';
import { Reply, defineHandler } from '../../core/http';
import { GuideMe, Share } from '../../domain/sharing';
import { LIVE_SHARE_CACHE, PUBLIC_SHARE_CACHE } from '../../domain/platform';
import { currentSession } from '../actor';

/** Public guides sit in CloudFront until a change clears them (domain/platform/share-cache.ts); private ones and refusals never. */
export const PUBLIC_CACHE = PUBLIC_SHARE_CACHE;

const getSharedGuide = defineHandler({ params: GuidePath, query: ShareLanguageQuery }, async ({ params, query, event }) => {
  const viewer = await currentSession(event);
  const { guide, live } = await Share.sharedGuideAnswer(params.id, viewer?.session.userId, query.lang);
  return new Reply(200, guide, { 'cache-control': guide.visibility === 'public' ? (live ? LIVE_SHARE_CACHE : PUBLIC_CACHE) : 'private, no-store' });
});

const getGuideMe = defineHandler({ params: GuidePath }, async ({ params, event }) => {
  const viewer = await currentSession(event);
  const guide = await GuideMe.fromShare(params.id, viewer?.session.userId);
  // Private guides' asset links are presigned for this viewer: never kept by a cache.
  return new Reply(200, guide, { 'cache-control': 'private, no-store' });
});

export const handler = dispatch('share', { getSharedGuide, getGuideMe });
