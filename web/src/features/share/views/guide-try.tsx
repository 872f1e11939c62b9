import { useEffect, useEffectEvent, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import type { SharedGuideDto, SharedSlideDto } from '#shared/share/shared-guide';
import { AnnotationOverlay } from '../components/annotation-overlay';
import { StepText } from '../components/step-text';
import { plainText } from '../utils/bold-markup';
import { slideZoom } from '../utils/zoom';
import { usePageWords } from '../words/page-words';
import { fill, usePlayerWords } from '../words/player-words';
import './guide-try.css';

/** What the try view reports: the viewer started doing the steps, and did them all. */
export type TryReport = 'start' | 'complete';

export interface GuideTryProps {
  guide: SharedGuideDto;
  /** the step shown first (0-based, `?step=`) */
  initialIndex?: number;
  onStepChange?: (index: number) => void;
  onTried?: ((report: TryReport) => void) | undefined;
}

/** How near the click point (in % of the screenshot's larger side) a click still counts as on target. */
export const TARGET_RADIUS_PERCENT = 6;

/** A click at (x, y) (0–1 of the screenshot's box) hits the step's target: within the radius of its click point. */
export function hitsTarget(slide: Pick<SharedSlideDto, 'click' | 'width' | 'height'>, x: number, y: number): boolean {
  if (!slide.click || !slide.width || !slide.height) return false;
  const dx = (x - slide.click.x / slide.width) * slide.width;
  const dy = (y - slide.click.y / slide.height) * slide.height;
  return Math.hypot(dx, dy) <= (Math.max(slide.width, slide.height) * TARGET_RADIUS_PERCENT) / 100;
}

/**
 * The try view: the viewer does each step on its screenshot. A click on the highlighted target
 * (the step's click point, where the player draws its ring) moves on; a click elsewhere pulses
 * the target and says where to click; a typing step takes any text and Enter. Enter (outside a
 * control) and the Skip button always move on, so a keyboard never gets stuck. Narration plays
 * only once the viewer turns it on. After the last step, a completion screen.
 */
export function GuideTry({ guide, initialIndex = 0, onStepChange, onTried }: GuideTryProps) {
  const { slides } = guide;
  const count = slides.length;
  const { words: playerWords } = usePlayerWords();
  const { words } = usePageWords();
  const [index, setIndex] = useState(() => Math.min(Math.max(0, initialIndex), Math.max(0, count - 1)));
  const [done, setDone] = useState(false);
  const [hint, setHint] = useState(0);
  const [narration, setNarration] = useState(false);
  const [typed, setTyped] = useState('');
  const started = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const moved = useRef(false);
  const slide = slides[index];

  const report = (what: TryReport) => onTried?.(what);

  function next() {
    if (!started.current) {
      started.current = true;
      report('start');
    }
    setHint(0);
    setTyped('');
    moved.current = true;
    if (index >= count - 1) {
      setDone(true);
      report('complete');
      return;
    }
    setIndex(index + 1);
    onStepChange?.(index + 1);
  }

  function again() {
    moved.current = true;
    setDone(false);
    setIndex(0);
    onStepChange?.(0);
  }

  // Focus follows the viewer's progress only when they moved it: the step's words, or the end.
  useEffect(() => {
    if (!moved.current) return;
    if (done) doneRef.current?.focus();
    else if (slide?.typing) inputRef.current?.focus();
    else if (!document.activeElement || document.activeElement === document.body) headingRef.current?.focus();
  }, [index, done, slide?.typing]);

  // Enter on the page itself (nothing focused, after a click on the screenshot) moves on too.
  const onPageEnter = useEffectEvent((event: globalThis.KeyboardEvent) => {
    if (event.key !== 'Enter' || event.defaultPrevented || done) return;
    if (event.target !== document.body && event.target !== document.documentElement) return;
    event.preventDefault();
    next();
  });
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => onPageEnter(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  if (!slide) return null;

  if (done) {
    return (
      <section className="guide-try guide-try--done" aria-labelledby="guide-try-done">
        <h2 id="guide-try-done" ref={doneRef} tabIndex={-1} className="guide-try__done-title">
          {words.tryDoneTitle}
        </h2>
        <p>{fill(words.tryDoneText, { count })}</p>
        <button type="button" className="guide-try__button guide-try__button--primary" onClick={again}>
          {words.tryAgain}
        </button>
      </section>
    );
  }

  const text = slide.text?.trim() ? slide.text : null;
  const zoom = slideZoom(slide);
  const target = !slide.typing && slide.click && slide.width && slide.height;

  const onStageClick = (event: MouseEvent<HTMLDivElement>) => {
    if (slide.typing) {
      inputRef.current?.focus();
      return;
    }
    const box = event.currentTarget.getBoundingClientRect();
    const x = (event.clientX - box.left) / box.width;
    const y = (event.clientY - box.top) / box.height;
    if (!target || hitsTarget(slide, x, y)) next();
    else setHint((n) => n + 1);
  };

  // Enter on the page (not on a control, which Enter already presses) moves on.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    const element = event.target as HTMLElement;
    if (element.closest('button, a[href], input, textarea, select')) return;
    event.preventDefault();
    next();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    next();
  };

  return (
    <section className="guide-try" aria-labelledby="guide-try-step" onKeyDown={onKeyDown}>
      <p className="guide-try__intro">{words.tryIntro}</p>
      <div className="guide-try__head">
        <span className="guide-try__count">{fill(playerWords.stepOf, { n: index + 1, count })}</span>
        <h2 id="guide-try-step" ref={headingRef} tabIndex={-1} className="guide-try__text">
          {text ? <StepText text={text} /> : fill(words.step, { n: index + 1 })}
        </h2>
      </div>
      <div
        className="guide-try__stage"
        data-hint={hint > 0 ? 'on' : undefined}
        style={slide.width && slide.height ? { aspectRatio: `${slide.width} / ${slide.height}` } : undefined}
        onClick={onStageClick}
      >
        {slide.screenshotUrl ? (
          <img
            className="guide-try__screenshot"
            src={slide.screenshotUrl}
            width={slide.width ?? undefined}
            height={slide.height ?? undefined}
            alt={text ? fill(playerWords.screenshotOf, { n: index + 1, text: plainText(text) }) : fill(playerWords.screenshot, { n: index + 1 })}
            draggable={false}
          />
        ) : null}
        <AnnotationOverlay annotations={slide.annotations} width={slide.width} height={slide.height} />
        {target ? (
          <button
            type="button"
            // The same element from step to step: a keyboard's focus stays on it.
            className="guide-try__target"
            // Each wrong click starts the pulse again (two names of one animation, alternately).
            data-pulse={hint > 0 ? (hint % 2 === 1 ? 'odd' : 'even') : undefined}
            style={{ left: `${zoom.origin.x}%`, top: `${zoom.origin.y}%` }}
            aria-label={`${words.tryClickHere}: ${text ? plainText(text) : fill(words.step, { n: index + 1 })}`}
            onClick={(event) => {
              event.stopPropagation();
              next();
            }}
          />
        ) : null}
      </div>
      {slide.typing ? (
        <form className="guide-try__typing" onSubmit={submit}>
          <label htmlFor="guide-try-input">{words.tryTypeLabel}</label>
          <input id="guide-try-input" ref={inputRef} type="text" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder={words.tryTypeHere} />
        </form>
      ) : null}
      <div className="guide-try__actions">
        <button type="button" className="guide-try__button" aria-pressed={narration} onClick={() => setNarration(!narration)}>
          {narration ? words.tryNarrationOn : words.tryNarrationOff}
        </button>
        <button type="button" className="guide-try__button guide-try__button--primary" onClick={next}>
          {words.trySkip}
        </button>
      </div>
      {narration && slide.narration ? <p className="guide-try__narration">{slide.narration}</p> : null}
      <p className="guide-try__live" role="status" aria-live="polite" aria-atomic="true">
        {hint > 0 ? words.tryHint : slide.typing ? words.tryTypeHere : ''}
      </p>
      {narration && slide.audioUrl ? <audio key={slide.id} src={slide.audioUrl} autoPlay /> : null}
    </section>
  );
}
