import { useEffect, useEffectEvent, useRef, type CSSProperties } from 'react';
import type { SharedGuideDto, SharedSlideDto } from '#shared/share/shared-guide';
import { AnnotationOverlay } from '../components/annotation-overlay';
import { StepText } from '../components/step-text';
import { plainText } from '../utils/bold-markup';
import { slideZoom } from '../utils/zoom';
import { usePageWords } from '../words/page-words';
import { fill, usePlayerWords } from '../words/player-words';
import './guide-document.css';

export interface GuideDocumentProps {
  guide: SharedGuideDto;
  /** the step the link names (0-based, `?step=`): scrolled to when the app starts */
  initialIndex?: number;
  /** the step being read changed (by scrolling): the page keeps `?step=` on it */
  onStepChange?: (index: number) => void;
  /** the first screenshot's `elementtiming` name (first-paint measurements) */
  elementTiming?: string | undefined;
}

/** The id of a step's section (1-based): `#step-3` links to the third step. */
export const stepAnchor = (index: number) => `step-${index + 1}`;

/**
 * The read view: every step of the guide as one document (its number, its text, the screenshot
 * with the highlight ring and annotations, the narration as body text). Rendered at the edge as
 * the page's first frame (render-share-frame.tsx), so it reads, prints and searches without any
 * script; the app then keeps the same markup. Only the first screenshot loads at once, the others
 * as they come near the viewport; each has its size set, so nothing moves as they arrive.
 */
export function GuideDocument({ guide, initialIndex = 0, onStepChange, elementTiming }: GuideDocumentProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const reported = useRef(initialIndex);
  const report = useEffectEvent((index: number) => {
    if (index === reported.current) return;
    reported.current = index;
    onStepChange?.(index);
  });

  // A link to a step opens the document there (`#step-N` does it without script; `?step=N` here).
  useEffect(() => {
    if (initialIndex <= 0 || window.location.hash) return;
    document.getElementById(stepAnchor(initialIndex))?.scrollIntoView({ block: 'start' });
  }, [initialIndex]);

  // The step whose top last passed the upper third of the window is the one being read.
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof IntersectionObserver === 'undefined') return;
    const steps = [...list.querySelectorAll<HTMLElement>('[data-step]')];
    const observer = new IntersectionObserver(
      () => {
        const line = window.innerHeight / 3;
        let current = 0;
        steps.forEach((step, i) => {
          if (step.getBoundingClientRect().top <= line) current = i;
        });
        report(current);
      },
      { rootMargin: '0px 0px -66% 0px' },
    );
    steps.forEach((step) => observer.observe(step));
    return () => observer.disconnect();
  }, [guide.slides.length]);

  return (
    <ol ref={listRef} className="guide-doc" role="list">
      {guide.slides.map((slide, i) => (
        <DocumentStep key={slide.id} slide={slide} index={i} elementTiming={i === 0 ? elementTiming : undefined} />
      ))}
    </ol>
  );
}

function DocumentStep({ slide, index, elementTiming }: { slide: SharedSlideDto; index: number; elementTiming: string | undefined }) {
  const { words } = usePlayerWords();
  const { words: pageWords } = usePageWords();
  const text = slide.text?.trim() ? slide.text : null;
  const zoom = slideZoom(slide);
  const heading = `${stepAnchor(index)}-heading`;
  return (
    <li id={stepAnchor(index)} className="guide-doc__step" data-step={index + 1} aria-labelledby={heading}>
      <h2 id={heading} className="guide-doc__heading">
        <span className="guide-doc__number" aria-hidden="true">
          {index + 1}
        </span>
        <span className="visually-hidden">{fill(pageWords.step, { n: index + 1 })}: </span>
        <span className="guide-doc__text">{text ? <StepText text={text} /> : fill(pageWords.step, { n: index + 1 })}</span>
      </h2>
      {slide.screenshotUrl ? (
        <figure className="guide-doc__figure">
          <div className="guide-doc__canvas" style={slide.width && slide.height ? ({ aspectRatio: `${slide.width} / ${slide.height}`, '--doc-ratio': slide.width / slide.height } as CSSProperties) : undefined}>
            <img
              className="guide-doc__screenshot"
              src={slide.screenshotUrl}
              width={slide.width ?? undefined}
              height={slide.height ?? undefined}
              alt={text ? fill(words.screenshotOf, { n: index + 1, text: plainText(text) }) : fill(words.screenshot, { n: index + 1 })}
              // The first screen is above the fold; the rest load as the reader comes near them.
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding={index === 0 ? 'sync' : 'async'}
              {...(elementTiming ? { elementtiming: elementTiming } : {})}
            />
            <AnnotationOverlay annotations={slide.annotations} width={slide.width} height={slide.height} />
            {slide.isHighlightVisible && slide.click ? (
              <span className="guide-doc__ring" style={{ left: `${zoom.origin.x}%`, top: `${zoom.origin.y}%` }} aria-hidden="true" />
            ) : null}
          </div>
        </figure>
      ) : null}
      {slide.narration?.trim() ? <p className="guide-doc__narration">{slide.narration}</p> : null}
    </li>
  );
}
