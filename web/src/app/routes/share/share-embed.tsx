import { useLoaderData, useParams, useSearchParams } from 'react-router';
import { EmbedLayout } from '../../../components/layouts/share-layout';
import { paths } from '../../../config/paths';
import { useSharedGuide } from '../../../features/share/api/get-shared-guide';
import { SharedGuideEmbed } from '../../../features/share/components/shared-guide-embed';
import { AUTOPLAY_PARAM, autoplayFromParam, searchWithStep, STEP_PARAM, stepIndexFromParam } from '../../../features/share/utils/playback';
import { ShareErrorBoundary } from './share-error';
import { shareLoader } from './share-loader';

export const clientLoader = shareLoader;

/**
 * The embed reached by a navigation inside the app. A page load of an embed link never comes
 * here: the entry renders `embed-app.tsx` instead, without the router (see `main.tsx`).
 */
export default function ShareEmbedRoute() {
  const { guideId } = useLoaderData<ReturnType<typeof shareLoader>>();
  const { data: guide } = useSharedGuide(guideId);
  const { segment = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  return (
    <EmbedLayout>
      <SharedGuideEmbed
        key={guide.id}
        guide={guide}
        initialIndex={stepIndexFromParam(searchParams.get(STEP_PARAM), guide.slides.length)}
        autoplay={autoplayFromParam(searchParams.get(AUTOPLAY_PARAM))}
        onStepChange={(index) => setSearchParams((current) => searchWithStep(current, index), { replace: true, preventScrollReset: true })}
        pageHref={paths.share.getHref(segment)}
      />
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
