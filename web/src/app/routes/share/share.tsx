import { useLoaderData } from 'react-router';
import { ShareLayout } from '../../../components/layouts/share-layout';
import { SharedGuideView } from '../../../features/share/components/shared-guide-view';
import { ShareErrorBoundary } from './share-error';
import { shareLoader } from './share-loader';

export const clientLoader = shareLoader;

export default function ShareRoute() {
  const { guideId } = useLoaderData<ReturnType<typeof shareLoader>>();
  return (
    <ShareLayout>
      <SharedGuideView guideId={guideId} />
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
