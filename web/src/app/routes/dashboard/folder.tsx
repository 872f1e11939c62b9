import type { QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { getFoldersQueryOptions } from '#web/features/guides/api/list-folders';
import { getGuidesQueryOptions } from '#web/features/guides/api/list-guides';
import { useGuidesHealth } from '#web/features/drift/api/drift-checks';
import { GuidesPage } from '#web/features/guides/components/guides-page';
import { ExportDialog } from '#web/features/exports/components/export-dialog';
import { EmbedDialog } from '#web/features/share/components/embed-dialog';
import { requireSession } from '#web/lib/auth';

/**
 * The folder's name and the first page of its guides (or of `?q=`). A folder that is not the
 * organisation's answers 404: the not-found screen.
 */
export function clientLoader(queryClient: QueryClient) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    await requireSession(queryClient, request);
    const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
    await Promise.all([
      queryClient.ensureQueryData(getFoldersQueryOptions()),
      queryClient.ensureInfiniteQueryData(getGuidesQueryOptions({ folderId: params.id, q })),
    ]);
    return null;
  };
}

/** /dashboard/folder/{id}: the guides in one folder. */
export default function FolderRoute() {
  const { id } = useParams();
  return <GuidesPage key={id} folderId={id} EmbedDialog={EmbedDialog} ExportDialog={ExportDialog} useGuidesHealth={useGuidesHealth} />;
}
