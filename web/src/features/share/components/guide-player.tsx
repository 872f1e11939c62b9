import { useEffect, useEffectEvent, useMemo, useRef, useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { captionCues, captionWords, cueAt } from '#shared/captions';
import type { SharedGuideDto, SharedSlideDto } from '#shared/share/shared-guide';
import { plainText } from '../utils/bold-markup';
import { slideDurationMs, stepAnnouncement } from '../utils/playback';
import { slideZoom, zoomStyle } from '../utils/zoom';
import { fill, usePlayerWords, type PlayerWords } from '../words/player-words';
import { AnnotationOverlay } from './annotation-overlay';
import { PlayerCard } from './player-card';
import { StepText } from './step-text';
import './guide-player.css';

/** A guide the player can show: at least one slide (the pages show an empty state otherwise). */
export interface PlayableGuide extends SharedGuideDto {
  slides: [SharedSlideDto, ...SharedSlideDto[]];
}

export function isPlayable(guide: SharedGuideDto): guide is PlayableGuide {
  return guide.slides.length > 0;
}

export interface GuidePlayerProps {
  guide: PlayableGuide;
  /** the slide shown first (0-based), from `?step=` */
  initialIndex?: number;
  /** start playing at once (`?autoplay=1`) */
  autoplay?: boolean;
  /** `page`: the share page's card; `embed`: fills the frame */
  variant?: 'page' | 'embed';
  /** called on every change of slide, to keep `?step=` in the URL */
  onStepChange?: (index: number) => void;
  /** the first slide's screenshot gets `elementtiming` with this name (first-paint measurements) */
  elementTiming?: string;
  /** in the control bar, between the playback buttons and the options */
  barText?: (state: PlayerState) => ReactNode;
  /** at the control bar's end */
  barEnd?: (state: PlayerState) => ReactNode;
  /** under the bar, inside the player (so it stays in full screen) */
  belowBar?: (state: PlayerState) => ReactNode;
  /** after the player */
  aside?: (state: PlayerState) => ReactNode;
  /** the viewer followed the outro's call to action (its link opens in a new tab) */
  onCta?: (url: string) => void;
}

/** What the parts a page adds to the player know: the slide on screen, and how to go to another. */
export interface PlayerState {
  /** 0-based */
  index: number;
  count: number;
  slide: SharedSlideDto;
  /** the slide's step text, when it has one */
  text: string | null;
  goTo: (index: number) => void;
  /** the player's own words, in the language the guide is shown in */
  words: PlayerWords;
}

/** How long a playing guide shows its intro card before the first step. */
export const INTRO_CARD_MS = 3_000;
/** How long the viewer sees the whole screen before it zooms towards the click. */
const ZOOM_DELAY_MS = 450;
/** Screens without a size are shown in this shape. */
const DEFAULT_RATIO = 16 / 10;

function ratioOf(slide: SharedSlideDto): number {
  return slide.width && slide.height ? slide.width / slide.height : DEFAULT_RATIO;
}

/** Keys typed into a field belong to the field: the player leaves them alone. */
function isTypingTarget(target: Element): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || !!target.closest('input, textarea, select, [contenteditable="true"]'));
}

/** Space presses a focused button, link or checkbox: the player does not also toggle play then. */
function activatesOnSpace(target: Element): boolean {
  return !!target.closest('button, a[href], summary, [role="button"], [role="link"], [role="checkbox"], [role="switch"]');
}

/**
 * The guide player: one slide at a time, its screenshot zoomed towards the click with a
 * highlight ring, the step text, the narration as captions and the voiceover when there is one.
 * Play advances by itself (when the voiceover ends, or after a reading time); ←, →, space, Home
 * and End work anywhere on the page but in a text field. A live region announces each step.
 */
export function GuidePlayer({
  guide,
  initialIndex = 0,
  autoplay = false,
  variant = 'page',
  onStepChange,
  elementTiming,
  barText,
  barEnd,
  belowBar,
  aside,
  onCta,
}: GuidePlayerProps) {
  const { slides } = guide;
  const { words } = usePlayerWords();
  const last = slides.length - 1;
  // `run` counts slide changes: it restarts the slide's clock, zoom and progress animation.
  const [position, setPosition] = useState(() => ({ index: Math.min(Math.max(0, initialIndex), last), run: 0 }));
  const { index, run } = position;
  const slide = slides[index] ?? slides[0];
  const [playing, setPlaying] = useState(autoplay);
  /** the run in which playing last started: its slide's progress shows time, not a full bar */
  const [startedRun, setStartedRun] = useState(autoplay ? 0 : -1);
  const [finishedRun, setFinishedRun] = useState(-1);
  const [captions, setCaptions] = useState(true);
  const [muted, setMuted] = useState(false);
  /** where the slide's clock is: the caption cue shown, and the word being spoken (-1: none yet) */
  const [spoken, setSpoken] = useState({ run: -1, cue: 0, word: -1 });
  /** a timed slide's clock: when it (re)started, and how far into the slide it was then */
  const timedClock = useRef({ run: -1, startedAt: 0, offsetMs: 0 });
  /** the browser refused the voiceover (no gesture yet) or it failed: play on by the clock */
  const [audioBlocked, setAudioBlocked] = useState(false);
  const [loadedRun, setLoadedRun] = useState(-1);
  const [zoomedRun, setZoomedRun] = useState(-1);
  const [fullscreen, setFullscreen] = useState(false);
  const playerRef = useRef<HTMLElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  /** what is left of a paused slide's time, for the run it belongs to */
  const remaining = useRef({ run: -1, ms: 0 });
  /** the intro card before the first step, the outro card after the last; the steps wait under them */
  const [card, setCard] = useState<'intro' | 'outro' | null>(() => (guide.introCard && Math.max(0, initialIndex) === 0 ? 'intro' : null));

  const timed = !slide.audioUrl || audioBlocked;
  const duration = slideDurationMs(slide);
  const finished = finishedRun === run;
  const count = slides.length;
  const stepLabel = fill(words.stepOf, { n: index + 1, count });

  function goTo(target: number, { byViewer = true } = {}) {
    const next = Math.min(Math.max(0, target), last);
    setCard(null);
    if (next === index) return;
    setPosition({ index: next, run: run + 1 });
    if (playing) setStartedRun(run + 1);
    // A viewer's press is the gesture browsers want before they play sound.
    if (byViewer) setAudioBlocked(false);
    onStepChange?.(next);
  }

  function play() {
    setAudioBlocked(false);
    setPlaying(true);
    if (finished && index === last) {
      // Played to the end: play again from the start.
      setCard(guide.introCard ? 'intro' : null);
      setPosition({ index: 0, run: run + 1 });
      setStartedRun(run + 1);
      onStepChange?.(0);
    } else if (startedRun !== run) {
      setStartedRun(run);
    }
  }

  function togglePlay() {
    if (playing) setPlaying(false);
    else play();
  }

  function slideEnded() {
    if (!playing) return;
    if (index >= last) {
      setPlaying(false);
      setFinishedRun(run);
      if (guide.outroCard) setCard('outro');
    } else {
      goTo(index + 1, { byViewer: false });
    }
  }

  function toggleFullscreen() {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void playerRef.current?.requestFullscreen().catch(() => undefined);
  }

  /** Forward from the step on screen: past the last step, the outro card when there is one. */
  function next() {
    if (card === 'intro') setCard(null);
    else if (index === last && guide.outroCard && card !== 'outro') {
      setCard('outro');
      setPlaying(false);
      setFinishedRun(run);
    } else goTo(index + 1);
  }

  const onSlideTimeUp = useEffectEvent(() => slideEnded());

  // A playing guide shows its intro card for a moment, then the first step.
  useEffect(() => {
    if (!playing || card !== 'intro') return;
    const timer = setTimeout(() => setCard(null), INTRO_CARD_MS);
    return () => clearTimeout(timer);
  }, [playing, card]);

  // A slide without a voiceover (or whose voiceover cannot play) advances after its reading time;
  // pausing keeps what is left of it.
  useEffect(() => {
    if (!playing || !timed || card) return;
    const saved = remaining.current;
    const ms = saved.run === run ? saved.ms : duration;
    const startedAt = performance.now();
    timedClock.current = { run, startedAt, offsetMs: duration - ms };
    const timer = setTimeout(() => onSlideTimeUp(), ms);
    return () => {
      clearTimeout(timer);
      remaining.current = { run, ms: Math.max(0, ms - (performance.now() - startedAt)) };
    };
  }, [playing, timed, run, duration, card]);

  // The voiceover follows play and pause; its end advances (`onEnded`).
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (playing && !timed && !card) {
      audio.play().catch((error: unknown) => {
        // Interrupted by a pause or the next slide: nothing to do.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setAudioBlocked(true);
      });
    } else {
      audio.pause();
    }
  }, [playing, timed, run, card]);

  // The captions: the author's narration cut into cues of two lines at most (shared/captions.ts,
  // as in the video and the caption files), timed by the voiceover's words or the reading time.
  const voiced = !timed && slide.words.length > 0;
  const cueDurationMs = voiced ? (slide.audioDurationMs ?? duration) : duration;
  const cueWords = useMemo(() => captionWords(slide.narration ?? '', voiced ? slide.words : null, cueDurationMs), [slide.narration, slide.words, voiced, cueDurationMs]);
  const cues = useMemo(() => captionCues(slide.narration, voiced ? slide.words : null, cueDurationMs), [slide.narration, slide.words, voiced, cueDurationMs]);

  // While playing, the caption follows the slide's clock (checked every frame): the cue on show
  // and, with a voiceover, the word being spoken.
  useEffect(() => {
    const audio = audioRef.current;
    if (!playing || card || cues.length === 0) return;
    if (!timed && !audio) return;
    let frame = 0;
    const tick = () => {
      const clock = timedClock.current;
      const ms = timed ? (clock.run === run ? clock.offsetMs + performance.now() - clock.startedAt : 0) : audio!.currentTime * 1000;
      let word = -1;
      if (!timed) for (let i = 0; i < cueWords.length && cueWords[i]!.startMs <= ms; i++) word = i;
      const cue = Math.max(0, cueAt(cues, ms));
      setSpoken((current) => (current.run === run && current.word === word && current.cue === cue ? current : { run, cue, word }));
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, timed, run, card, cues, cueWords]);
  const cueIndex = spoken.run === run ? Math.min(spoken.cue, cues.length - 1) : 0;
  const cue = cues[cueIndex];

  // The whole screen first, then the zoom towards the click (at once when motion is reduced).
  useEffect(() => {
    if (loadedRun !== run) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const timer = setTimeout(() => setZoomedRun(run), reduced ? 0 : ZOOM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loadedRun, run]);

  // The next screenshot loads while this one is watched, once this one is in (not competing with it).
  const currentLoaded = loadedRun === run || !slide.screenshotUrl;
  useEffect(() => {
    const next = slides[index + 1]?.screenshotUrl;
    if (!currentLoaded || !next) return;
    const image = new Image();
    image.decoding = 'async';
    image.src = next;
  }, [slides, index, currentLoaded]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === playerRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && isTypingTarget(target)) return;
    // A dialog over the page owns the keyboard, unless the player is in it (the editor's preview).
    const dialog = document.querySelector('dialog[open]');
    if (dialog && !dialog.contains(playerRef.current)) return;
    switch (event.key) {
      case 'ArrowLeft':
        goTo(index - 1);
        break;
      case 'ArrowRight':
        next();
        break;
      case 'Home':
        goTo(0);
        break;
      case 'End':
        goTo(last);
        break;
      case ' ':
        if (target && activatesOnSpace(target)) return;
        togglePlay();
        break;
      default:
        return;
    }
    event.preventDefault();
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  function onProgressClick(event: MouseEvent<HTMLDivElement>) {
    const segment = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-index]') : null;
    if (segment) goTo(Number(segment.dataset['index']));
  }

  const zoom = slideZoom(slide);
  const zoomedIn = zoomedRun === run;
  const stageRatio = Math.min(...slides.map(ratioOf));
  const text = slide.text?.trim() ? slide.text : null;
  // The edge's first frame (rendered without a document) shows the button as most browsers will,
  // so that the app, taking the frame over, moves nothing; a browser without it loses it then.
  const canFullscreen = typeof document === 'undefined' || document.fullscreenEnabled;
  // Nor does that frame fetch the step's narration: it would share the line with the first
  // screenshot, the one thing the viewer waits for (at 1.6 Mbit/s and 150 ms, that screenshot
  // painted 13% later on the share page and 19% in the embed, medians of 7). The app, which
  // replaces the frame once the screenshot has painted, preloads it.
  const preloadAudio = typeof document === 'undefined' ? 'none' : 'auto';
  const showRing = slide.isHighlightVisible && !!slide.click && !!slide.screenshotUrl && zoom.scale >= 1;

  const state: PlayerState = { index, count, slide, text, goTo: (target) => goTo(target), words };

  const controls = (
    <div className="player__buttons">
      <IconButton label={words.previous} onClick={() => goTo(index - 1)} disabled={index === 0} icon={<PreviousIcon />} />
      <IconButton
        label={playing ? words.pause : finished && index === last ? words.playAgain : words.play}
        onClick={togglePlay}
        icon={playing ? <PauseIcon /> : <PlayIcon />}
        primary
      />
      <IconButton label={words.next} onClick={next} disabled={index === last && (!guide.outroCard || card === 'outro')} icon={<NextIcon />} />
    </div>
  );

  const options = (
    <div className="player__buttons player__buttons--end">
      {slides.some((s) => s.audioUrl) ? (
        <IconButton label={words.mute} pressed={muted} onClick={() => setMuted((on) => !on)} icon={muted ? <MutedIcon /> : <SoundIcon />} />
      ) : null}
      {slides.some((s) => s.narration) ? (
        <IconButton
          label={words.captions}
          pressed={captions}
          onClick={() => setCaptions((shown) => !shown)}
          icon={<CaptionsIcon />}
        />
      ) : null}
      {canFullscreen ? (
        <IconButton
          label={fullscreen ? words.exitFullScreen : words.fullScreen}
          onClick={toggleFullscreen}
          icon={fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
        />
      ) : null}
    </div>
  );

  return (
    <div className={`guide-player guide-player--${variant}`}>
      <section
        ref={playerRef}
        className={`player player--${variant}`}
        aria-label={fill(words.player, { title: guide.title })}
        style={{ '--stage-ratio': stageRatio } as CSSProperties}
      >
        <div className="player__stage">
          <div className="player__viewport" style={{ '--ratio': ratioOf(slide) } as CSSProperties}>
            {slide.screenshotUrl ? (
              <div key={run} className={`player__canvas${run > 0 ? ' player__canvas--enter' : ''}`} style={zoomStyle(zoom, zoomedIn)}>
                <img
                  className="player__screenshot"
                  src={slide.screenshotUrl}
                  width={slide.width ?? undefined}
                  height={slide.height ?? undefined}
                  alt={text ? fill(words.screenshotOf, { n: index + 1, text: plainText(text) }) : fill(words.screenshot, { n: index + 1 })}
                  // The first screen is what the viewer waits for; later ones are preloaded.
                  fetchPriority={run === 0 ? 'high' : 'auto'}
                  loading="eager"
                  decoding={run === 0 ? 'sync' : 'async'}
                  draggable={false}
                  onLoad={() => setLoadedRun(run)}
                  {...(elementTiming && run === 0 ? { elementtiming: elementTiming } : {})}
                />
                <AnnotationOverlay annotations={slide.annotations} width={slide.width} height={slide.height} />
              </div>
            ) : (
              <div className="player__placeholder">
                <p>{text ? <StepText text={text} /> : stepLabel}</p>
              </div>
            )}
            {card === 'intro' && guide.introCard ? (
              <PlayerCard kind="intro" card={guide.introCard} onStart={() => {
                  setCard(null);
                  if (!playing) play();
                }} />
            ) : null}
            {card === 'outro' && guide.outroCard ? (
              <PlayerCard kind="outro" card={guide.outroCard} onCta={(url) => onCta?.(url)} onReplay={play} />
            ) : null}
            {showRing && slide.click ? (
              <span
                className={`player__ring${loadedRun === run ? ' player__ring--visible' : ''}`}
                style={{ left: `${zoom.origin.x}%`, top: `${zoom.origin.y}%` }}
                aria-hidden="true"
              />
            ) : null}
          </div>
          {/* An intro or outro card over the picture has the floor: its words, not a caption over them. */}
          {captions && cue && !card ? (
            <p className="player__caption" key={`${run}-${cueIndex}`} data-lines={cue.lines.length}>
              <span>
                {cue.lines.map((line, l) => {
                  const first = cue.first + cue.lines.slice(0, l).reduce((sum, before) => sum + before.split(' ').length, 0);
                  const tokens = line.split(' ');
                  return (
                    <span key={l} className="player__line">
                      {l > 0 ? (
                        <>
                          {' '}
                          <br />
                        </>
                      ) : null}
                      {voiced
                        ? tokens.map((token, t) => {
                            const i = first + t;
                            const at = spoken.run === run ? spoken.word : -1;
                            return (
                              <span key={t} className="player__word" data-spoken={at < 0 ? undefined : i < at ? 'done' : i === at ? 'current' : 'todo'}>
                                {t > 0 ? ' ' : ''}
                                {token}
                              </span>
                            );
                          })
                        : line}
                    </span>
                  );
                })}
              </span>
            </p>
          ) : null}
        </div>

        <div
          className="player__progress"
          role="progressbar"
          aria-label={words.progress}
          aria-valuemin={1}
          aria-valuemax={count}
          aria-valuenow={index + 1}
          aria-valuetext={stepLabel}
          onClick={onProgressClick}
        >
          {slides.map((s, i) => (
            <span key={s.id} className="player__segment" data-index={i} data-state={i < index ? 'done' : i === index ? 'current' : 'todo'}>
              {i === index ? (
                <span
                  key={run}
                  className={`player__segment-fill${startedRun === run && !finished ? ' player__segment-fill--timed' : ''}`}
                  style={{ animationDuration: `${duration}ms`, animationPlayState: playing ? 'running' : 'paused' }}
                />
              ) : null}
            </span>
          ))}
        </div>

        <div className="player__bar">
          {controls}
          {barText?.(state)}
          {options}
          {barEnd?.(state)}
        </div>
        {belowBar?.(state)}

        <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
          {card === 'intro' && guide.introCard
            ? guide.introCard.title
            : card === 'outro' && guide.outroCard
              ? fill(words.end, { title: guide.outroCard.title })
              : stepAnnouncement(stepLabel, text)}
        </p>
        {slide.audioUrl ? (
          <audio key={run} ref={audioRef} src={slide.audioUrl} preload={preloadAudio} muted={muted} onEnded={slideEnded} onError={() => setAudioBlocked(true)} />
        ) : null}
      </section>

      {aside?.(state)}
    </div>
  );
}

interface IconButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** shown as unavailable but kept focusable, so focus never falls to the page's start */
  disabled?: boolean;
  pressed?: boolean;
  primary?: boolean;
}

function IconButton({ label, icon, onClick, disabled = false, pressed, primary = false }: IconButtonProps) {
  return (
    <button
      type="button"
      className={`player__button${primary ? ' player__button--primary' : ''}`}
      aria-label={label}
      aria-disabled={disabled || undefined}
      aria-pressed={pressed}
      onClick={() => {
        if (!disabled) onClick();
      }}
    >
      {icon}
    </button>
  );
}

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const PlayIcon = () => (
  <Icon>
    <path d="M8 5.6v12.8a1 1 0 0 0 1.5.86l10.2-6.4a1 1 0 0 0 0-1.72L9.5 4.74A1 1 0 0 0 8 5.6Z" fill="currentColor" />
  </Icon>
);
const PauseIcon = () => (
  <Icon>
    <path d="M7.5 5h2a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1h-2a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm7 0h2a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1h-2a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Z" fill="currentColor" />
  </Icon>
);
const PreviousIcon = () => (
  <Icon>
    <path d="M6 6h1.4v12H6zM18 6.9v10.2a.9.9 0 0 1-1.38.76L9.2 12.76a.9.9 0 0 1 0-1.52l7.42-5.1A.9.9 0 0 1 18 6.9Z" fill="currentColor" />
  </Icon>
);
const NextIcon = () => (
  <Icon>
    <path d="M16.6 6H18v12h-1.4zM6 6.9v10.2a.9.9 0 0 0 1.38.76l7.42-5.1a.9.9 0 0 0 0-1.52L7.38 6.14A.9.9 0 0 0 6 6.9Z" fill="currentColor" />
  </Icon>
);
/** Outline icons: drawn with the text colour. */
const StrokeIcon = ({ d }: { d: string }) => (
  <Icon>
    <path d={d} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
  </Icon>
);
const SoundIcon = () => <StrokeIcon d="M4 9.5h3l4.5-4v13L7 14.5H4zM15.5 9a4 4 0 0 1 0 6m2.5-8.5a7.5 7.5 0 0 1 0 11" />;
const MutedIcon = () => <StrokeIcon d="M4 9.5h3l4.5-4v13L7 14.5H4zM16 9.5l5 5m0-5-5 5" />;
const CaptionsIcon = () => <StrokeIcon d="M6 5h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V8a3 3 0 0 1 3-3Zm4.5 5.3a2.1 2.1 0 1 0 0 3.4m6-3.4a2.1 2.1 0 1 0 0 3.4" />;
const FullscreenIcon = () => <StrokeIcon d="M4 9V5a1 1 0 0 1 1-1h4M15 4h4a1 1 0 0 1 1 1v4M20 15v4a1 1 0 0 1-1 1h-4M9 20H5a1 1 0 0 1-1-1v-4" />;
const ExitFullscreenIcon = () => <StrokeIcon d="M9 4v4a1 1 0 0 1-1 1H4M20 9h-4a1 1 0 0 1-1-1V4M15 20v-4a1 1 0 0 1 1-1h4M4 15h4a1 1 0 0 1 1 1v4" />;
