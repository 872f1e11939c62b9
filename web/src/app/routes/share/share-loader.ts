import type { QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs } from 'react-router';
import { guideIdFromSegment } from '#shared/share/id';
import { getSharedGuideQueryOptions } from '#web/features/share/api/shared-guide-query';
import { loadPlayerWords } from '#web/features/share/words/player-words';
import { isApiError } from '#web/lib/api-error';

/**
 * The share and embed routes' loader (product-spec.md §2): the id is the segment's last 12 characters (a
 * shorter segment throws, reaching the generic error screen); a 404 from the API becomes the
 * route's 404, which the route shows as the guide's not-found state. A failed query holds no
 * data, so `ensureQueryData` fetches again when 'Try Again' re-runs this loader.
 */
export function shareLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const guideId = guideIdFromSegment(params['segment'] ?? '');
    try {
      const guide = await queryClient.ensureQueryData(getSharedGuideQueryOptions(guideId));
      // The page's own words in the guide's language, before its first render (the edge's frame has them).
      await loadPlayerWords(guide.language);
    } catch (error) {
      if (isApiError(error, 404)) throw data('Guide not found', { status: 404, statusText: 'Not Found' });
      throw error;
    }
    return { guideId };
  };
}
