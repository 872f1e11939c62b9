import { useLoaderData, useParams } from 'react-router';
import { EmbedLayout } from '../../../components/layouts/share-layout';
import { paths } from '../../../config/paths';
import { SharedGuideEmbed } from '../../../features/share/components/shared-guide-view';
import { ShareErrorBoundary } from './share-error';
import { shareLoader } from './share-loader';

export const clientLoader = shareLoader;

/** Framed by other sites: the guide alone, with a link that opens the full page in a new tab. */
export default function ShareEmbedRoute() {
  const { guideId } = useLoaderData<ReturnType<typeof shareLoader>>();
  const { segment = '' } = useParams();
  return (
    <EmbedLayout>
      <SharedGuideEmbed guideId={guideId} pageHref={paths.share.getHref(segment)} />
    </EmbedLayout>
  );
}

export function ErrorBoundary() {
  return (
    <EmbedLayout>
      <ShareErrorBoundary embedded />
    </EmbedLayout>
  );
}
