import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { AlternativePage } from '#web/features/marketing/components/compare-pages';
import { PEER_IDS, PEERS, type PeerId } from '#web/features/marketing/comparisons';
import { SITE_PAGES } from '#web/features/marketing/site-pages';
import { useTrialHref } from '#web/features/marketing/trial-href';
import { useSitePageHead } from '#web/features/marketing/use-site-page-head';

/** /compare/{peer}-alternative for the three peers; any other name is not found. */
export function loader({ params }: LoaderFunctionArgs): { peerId: PeerId } {
  const href = `/compare/${params['alternative'] ?? ''}`;
  const peerId = PEER_IDS.find((id) => PEERS[id].href === href);
  if (!peerId) throw data('No such comparison', { status: 404, statusText: 'Not Found' });
  return { peerId };
}

export default function CompareAlternativeRoute() {
  const { peerId } = useLoaderData<typeof loader>();
  useSitePageHead(SITE_PAGES[peerId]);
  return <AlternativePage peerId={peerId} trialHref={useTrialHref()} />;
}
