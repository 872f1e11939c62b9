import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { guideIdFromSegment } from '#shared/share/link';
import { getFoldersQueryOptions } from '#web/features/guides/api/list-folders';
import { getGuideQueryOptions } from '#web/features/guides/api/get-guide';
import { DesignSkeleton } from '#web/features/guides/components/design/design-skeleton';
import { DesignView } from '#web/features/guides/components/design/design-view';
import { DriftPanel } from '#web/features/drift/components/drift-panel';
import { ExportMenu } from '#web/features/exports/components/export-menu';
import { VoiceoverPanel } from '#web/features/narration/components/voiceover-panel';
import { EmbedDialog } from '#web/features/share/components/embed-dialog';
import { GuidePreviewDialog } from '#web/features/share/components/guide-preview-dialog';
import { TranslationsPanel } from '#web/features/translation/components/translations-panel';
import { requireSession } from '#web/lib/auth';

/**
 * The session before the editor shows; the guide with its slides is asked for at once and read by
 * the page, which shows the design view's frame until it arrives (a blank page is what people
 * saw while a 200-step guide loaded). The id is the segment's last 12 characters (product-spec.md
 * §2, §5): a shorter segment fails the route; an unknown or foreign guide is 404, the not-found
 * screen, thrown by the page's read of it.
 */
export function clientLoader(queryClient: QueryClient) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    await requireSession(queryClient, request);
    const id = guideIdFromSegment(params.segment ?? '');
    void queryClient.prefetchQuery(getFoldersQueryOptions());
    void queryClient.prefetchQuery(getGuideQueryOptions(id));
    return null;
  };
}

/** /share/{slug}-{id}/design: the editor of one guide (private). */
export default function DesignRoute() {
  const guideId = guideIdFromSegment(useParams().segment ?? '');
  return (
    <Suspense fallback={<DesignSkeleton />}>
      <DesignView
        key={guideId}
        guideId={guideId}
        EmbedDialog={EmbedDialog}
        ExportMenu={ExportMenu}
        PreviewDialog={GuidePreviewDialog}
        VoiceoverPanel={VoiceoverPanel}
        TranslationsPanel={TranslationsPanel}
        DriftPanel={DriftPanel}
      />
    </Suspense>
  );
}
