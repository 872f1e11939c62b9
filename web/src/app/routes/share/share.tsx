import { useLoaderData, useSearchParams } from 'react-router';
import { ShareLayout } from '../../../components/layouts/share-layout';
import { useSharedGuide } from '../../../features/share/api/shared-guide-query';
import { SharedGuideView } from '../../../features/share/components/shared-guide-view';
import { AUTOPLAY_PARAM, autoplayFromParam, searchWithStep, STEP_PARAM, stepIndexFromParam } from '../../../features/share/utils/playback';
import { ShareErrorBoundary } from './share-error';
import { shareLoader } from './share-loader';

export const clientLoader = shareLoader;

/** `/share/{slug}-{id}`: the guide's public page; `?step=N` follows the player (replace navigation). */
export default function ShareRoute() {
  const { guideId } = useLoaderData<ReturnType<typeof shareLoader>>();
  const { data: guide } = useSharedGuide(guideId);
  const [searchParams, setSearchParams] = useSearchParams();

  return (
    <ShareLayout>
      <SharedGuideView
        key={guide.id}
        guide={guide}
        initialIndex={stepIndexFromParam(searchParams.get(STEP_PARAM), guide.slides.length)}
        autoplay={autoplayFromParam(searchParams.get(AUTOPLAY_PARAM))}
        onStepChange={(index) => setSearchParams((current) => searchWithStep(current, index), { replace: true, preventScrollReset: true })}
        elementTiming="first-slide"
      />
    </ShareLayout>
  );
}

export function ErrorBoundary() {
  return (
    <ShareLayout>
      <ShareErrorBoundary />
    </ShareLayout>
  );
}
