import { useEffect, useRef } from 'react';
import type { SharedGuideDto } from '#shared/share/shared-guide';
import type { EmbedEvent } from '#shared/embed-events';
import { EVENTS_VERSION, postToParent, useEmbedEvents } from '../utils/embed-events';
import { brandStyle } from '../utils/brand-style';
import { useViewerEvents } from '../utils/viewer-events';
import { usePlayerWords } from '../words/player-words';
import { GuidePlayer, isPlayable } from './guide-player';
import { BrandLogo, MadeWithBadge } from './made-with-badge';
import { StepText } from './step-text';

export interface SharedGuideEmbedProps {
  guide: SharedGuideDto;
  initialIndex: number;
  autoplay: boolean;
  onStepChange: (index: number) => void;
  /** the guide's share page, opened in a new tab by "Made with Stepcast" */
  pageHref: string;
  elementTiming?: string;
  /** the language the guide is shown in (announced to the framing page) */
  language?: string;
}

/**
 * The height the embed wants at its current width: the stage in the shape of the guide's
 * tallest screenshot plus whatever else the frame shows (the bars). Measured from the layout
 * but not bounded by it, since the embed fills whatever height the frame has.
 */
function naturalHeight(root: HTMLElement): number {
  const stage = root.querySelector<HTMLElement>('.player__stage');
  if (!stage) return Math.ceil(root.scrollHeight);
  const ratio = Number.parseFloat(getComputedStyle(stage).getPropertyValue('--stage-ratio')) || 16 / 10;
  const chrome = root.getBoundingClientRect().height - stage.getBoundingClientRect().height;
  return Math.ceil(chrome + stage.clientWidth / ratio);
}

/**
 * Posts the embed's height to the framing page on load and whenever it changes
 * (`{ type: 'stepcast:resize', height }`); a page listening for it sizes the frame to fit.
 */
function usePostHeightToParent() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root || window.parent === window) return;
    let posted = 0;
    const post = () => {
      const height = naturalHeight(root);
      if (height <= 0 || height === posted) return;
      posted = height;
      const message: EmbedEvent = { type: 'stepcast:resize', version: EVENTS_VERSION, height };
      postToParent(message);
    };
    const observer = new ResizeObserver(post);
    observer.observe(root);
    for (const bar of root.querySelectorAll('.player__bar, .player__progress')) observer.observe(bar);
    post();
    window.addEventListener('load', post);
    return () => {
      observer.disconnect();
      window.removeEventListener('load', post);
    };
  }, []);
  return ref;
}

/** A guide framed by another site: the player with minimal chrome, and a link to the share page. */
export function SharedGuideEmbed({ guide, initialIndex, autoplay, onStepChange, pageHref, elementTiming, language = 'en' }: SharedGuideEmbedProps) {
  // No document title here: the edge writes it into the page, and a frame's title is not shown.
  const ref = usePostHeightToParent();
  const { words } = usePlayerWords();
  const onViewerStep = useViewerEvents(guide.id, guide.slides.length, true, initialIndex);
  const announce = useEmbedEvents(guide.id, guide.slides.length, language, Math.min(Math.max(0, initialIndex), Math.max(0, guide.slides.length - 1)));

  return (
    <div ref={ref} className="guide-embed" style={brandStyle(guide.brand)}>
      <h1 className="visually-hidden">{guide.title}</h1>
      {isPlayable(guide) ? (
        <GuidePlayer
          guide={guide}
          variant="embed"
          initialIndex={initialIndex}
          autoplay={autoplay}
          onStepChange={(index) => {
            onViewerStep(index);
            announce.step(index);
            onStepChange(index);
          }}
          elementTiming={elementTiming}
          onCta={(url) => {
            onViewerStep.cta();
            announce.cta(guide.slides.length - 1, url);
          }}
          barText={({ index, count, text }) => (
            <p className="player__bar-text">
              <span className="player__count">
                {index + 1}/{count}
              </span>{' '}
              {text ? <StepText text={text} /> : null}
            </p>
          )}
          barEnd={({ index }) => (
            <>
              <BrandLogo brand={guide.brand} name={guide.organizationName} className="player__logo" />
              <MadeWithBadge
                brand={guide.brand}
                className="player__brand"
                href={`${pageHref}?step=${index + 1}`}
                newTab
                onClick={(event) => announce.cta(index, event.currentTarget.href)}
              />
            </>
          )}
        />
      ) : (
        <div className="guide-embed__empty">
          <p>{words.noSteps}</p>
        </div>
      )}
    </div>
  );
}
