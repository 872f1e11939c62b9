import { useEffect, useRef, useState } from 'react';
import { Link } from '#web/components/ui/link';
import './guide-embed.css';

export interface GuideEmbedProps {
  /** the share embed route of a published guide */
  src: string;
  /** names the frame for screen readers (the guide's title) */
  title: string;
  /**
   * Further down a page (the landing page): the frame is created only when it comes near the
   * viewport. A framed guide is a second app on the same main thread; loading it with the page
   * would slow the page's own start. Until then (and without script) a link opens the guide.
   */
  deferred?: boolean;
  /** the guide's own page, linked while the frame is not there yet */
  pageHref?: string;
}

/** How close to the viewport a deferred frame starts loading. */
const DEFER_MARGIN = '300px 0px';

function useNearViewport<T extends Element>(enabled: boolean) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(!enabled);
  useEffect(() => {
    if (near) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: DEFER_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

/**
 * A published guide playing in a frame, the way customers embed it: the same `/share/…/embed`
 * route, framed at the player's 16:10 shape so the page does not jump when it loads.
 */
export function GuideEmbed({ src, title, deferred = false, pageHref }: GuideEmbedProps) {
  const { ref, near } = useNearViewport<HTMLDivElement>(deferred);
  return (
    <div className="guide-embed" ref={ref}>
      {near ? (
        <iframe className="guide-embed__frame" src={src} title={title} width={1280} height={800} loading="lazy" allow="autoplay; fullscreen" />
      ) : (
        <div className="guide-embed__frame guide-embed__placeholder">
          {pageHref ? (
            <Link to={pageHref} className="guide-embed__open">
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M8 5.5v13l11-6.5z" fill="currentColor" />
              </svg>
              Open the guide
            </Link>
          ) : null}
        </div>
      )}
    </div>
  );
}
