import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { getGuidesQueryOptions } from '../../../features/guides/api/list-guides';
import { GuidesPage } from '../../../features/guides/components/guides-page';
import { useGuidesHealth } from '../../../features/drift/api/drift-checks';
import { ExportDialog } from '../../../features/exports/components/export-dialog';
import { EmbedDialog } from '../../../features/share/components/embed-dialog';
import { requireSession } from '../../../lib/auth';

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
