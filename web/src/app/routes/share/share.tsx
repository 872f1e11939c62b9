import { useQuery } from '@tanstack/react-query';
import { useLoaderData, useSearchParams } from 'react-router';
import { ShareLayout } from '#web/components/layouts/share-layout';
import { getSharedGuideQueryOptions, useSharedGuide } from '#web/features/share/api/shared-guide-query';
import { LANG_PARAM, searchWithLanguage, viewerLanguage } from '#web/features/share/utils/language';
import { searchWithStep } from '#web/features/share/utils/playback';
import { rememberView, searchWithView } from '#web/features/share/utils/view-choice';
import { loadPlayerWords } from '#web/features/share/words/player-words';
import { ShareErrorBoundary } from './share-error';
import { shareLoader } from './share-loader';
import { SharePage } from './share-page';

export const clientLoader = shareLoader;

/**
 * `/share/{slug}-{id}`: the guide's public page; `?step=N` follows the player (replace navigation).
 * It is shown in the viewer's language when the guide has it (`?lang=`, else the browser's): the
 * original first, then its translation once it and the page's own words in that language are loaded.
 */
export default function ShareRoute() {
  const { guideId } = useLoaderData<ReturnType<typeof shareLoader>>();
  const { data: original } = useSharedGuide(guideId);
  const [searchParams, setSearchParams] = useSearchParams();
  const language = viewerLanguage(original, searchParams.get(LANG_PARAM));
  const translated = language !== original.language;
  const { data: translation } = useQuery({ ...getSharedGuideQueryOptions(guideId, language), enabled: translated });
  const { isSuccess: wordsLoaded } = useQuery({ queryKey: ['player-words', language], queryFn: () => loadPlayerWords(language), enabled: translated, staleTime: Infinity });
  const guide = translated && translation && wordsLoaded ? translation : original;

  return (
    <SharePage
      guide={guide}
      search={searchParams}
      onStepChange={(index) => setSearchParams((current) => searchWithStep(current, index), { replace: true, preventScrollReset: true })}
      onLanguageChange={(code) => setSearchParams((current) => searchWithLanguage(current, code), { replace: true, preventScrollReset: true })}
      onViewChange={(view) => {
        rememberView(view);
        setSearchParams((current) => searchWithView(current, view));
      }}
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
