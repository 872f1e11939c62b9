import type { SlideDto } from '#shared/guides';
import { presenceSentence, type Viewer } from '#shared/presence';
import { Avatar } from '#web/components/ui/avatar';

/**
 * Who else has the guide open (shared/presence.ts), with the step each is on: a polite status,
 * so a screen reader hears it when someone comes or goes.
 */
export function PresenceNote({ others, slides }: { others: readonly Viewer[]; slides: readonly SlideDto[] }) {
  const stepOf = (slideId: string | null) => {
    const index = slideId ? slides.findIndex((slide) => slide.id === slideId) : -1;
    return index >= 0 ? `step ${index + 1}` : undefined;
  };
  return (
    <div className="design__presence" role="status" aria-label="Also editing">
      {others.length > 0 ? (
        <>
          <ul className="design__presence-list" aria-hidden="true">
            {others.map((viewer, index) => (
              <li key={index} className="design__presence-person" title={[viewer.you ? 'You, in another tab' : viewer.name, stepOf(viewer.slideId)].filter(Boolean).join(', on ')}>
                <Avatar name={viewer.name} size="sm" />
              </li>
            ))}
          </ul>
          <span>
            {presenceSentence(others)}
            {others.some((viewer) => stepOf(viewer.slideId)) ? (
              <span className="visually-hidden">
                {' '}
                {others
                  .filter((viewer) => stepOf(viewer.slideId))
                  .map((viewer) => `${viewer.you ? 'You, in another tab,' : viewer.name} on ${stepOf(viewer.slideId)}`)
                  .join('; ')}
                .
              </span>
            ) : null}
          </span>
        </>
      ) : null}
    </div>
  );
}
