import { useLoaderData, useSearchParams } from 'react-router';
import { ShareLayout } from '../../../components/layouts/share-layout';
import { useSharedGuide } from '../../../features/share/api/shared-guide-query';
import { searchWithStep } from '../../../features/share/utils/playback';
import { ShareErrorBoundary } from './share-error';
import { shareLoader } from './share-loader';
import { SharePage } from './share-page';

export const clientLoader = shareLoader;

/** `/share/{slug}-{id}`: the guide's public page; `?step=N` follows the player (replace navigation). */
export default function ShareRoute() {
  const { guideId } = useLoaderData<ReturnType<typeof shareLoader>>();
  const { data: guide } = useSharedGuide(guideId);
  const [searchParams, setSearchParams] = useSearchParams();

  return (
    <SharePage
      guide={guide}
      search={searchParams}
      onStepChange={(index) => setSearchParams((current) => searchWithStep(current, index), { replace: true, preventScrollReset: true })}
    />
  );
}

export function ErrorBoundary() {
  return (
    <ShareLayout>
      <ShareErrorBoundary />
    </ShareLayout>
  );
}
