import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { getGuidesQueryOptions } from '#web/features/guides/api/list-guides';
import { GuidesPage } from '#web/features/guides/components/guides-page';
import { useGuidesHealth } from '#web/features/drift/api/drift-checks';
import { ExportDialog } from '#web/features/exports/components/export-dialog';
import { EmbedDialog } from '#web/features/share/components/embed-dialog';
import { requireSession } from '#web/lib/auth';

/** The first page of recents (or of the title search in `?q=`) before the page shows. */
export function clientLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireSession(queryClient, request);
    const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
    await queryClient.ensureInfiniteQueryData(getGuidesQueryOptions({ q }));
    return null;
  };
}

/** /dashboard/recents: every guide of the organisation, most recently updated first. */
export default function RecentsRoute() {
  return <GuidesPage EmbedDialog={EmbedDialog} ExportDialog={ExportDialog} useGuidesHealth={useGuidesHealth} />;
}
