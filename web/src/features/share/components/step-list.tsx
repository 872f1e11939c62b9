import { useEffect, useRef } from 'react';
import type { SharedSlideDto } from '#shared/share/shared-guide';
import { usePageWords } from '../words/page-words';
import { fill } from '../words/player-words';
import { StepText } from './step-text';
import './step-list.css';

export interface StepListProps {
  slides: readonly SharedSlideDto[];
  /** the slide on screen (0-based) */
  index: number;
  onSelect: (index: number) => void;
}

/** The share page's list of steps: one button per step, the current one marked `aria-current="step"`. */
export function StepList({ slides, index, onSelect }: StepListProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const { words } = usePageWords();

  // The current step stays in view when the list scrolls by itself (beside the player); the page never scrolls.
  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!list || !item || list.scrollHeight <= list.clientHeight) return;
    const top = item.offsetTop;
    const bottom = top + item.offsetHeight;
    if (top < list.scrollTop) list.scrollTo({ top: top - 8, behavior: 'smooth' });
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTo({ top: bottom - list.clientHeight + 8, behavior: 'smooth' });
  }, [index]);

  return (
    <nav className="guide-steps" aria-label={words.stepsHeading}>
      <h2 className="guide-steps__title">
        {words.stepsHeading} <span className="guide-steps__count">{slides.length}</span>
      </h2>
      <ol ref={listRef} className="guide-steps__list" role="list">
        {slides.map((slide, i) => (
          <li key={slide.id}>
            <button
              type="button"
              className="guide-steps__item"
              data-state={i < index ? 'done' : i === index ? 'current' : 'todo'}
              aria-current={i === index ? 'step' : undefined}
              onClick={() => onSelect(i)}
            >
              <span className="guide-steps__number" aria-hidden="true">
                {i + 1}
              </span>
              <span className="guide-steps__text">
                <span className="visually-hidden">{fill(words.step, { n: i + 1 })}: </span>
                {slide.text?.trim() ? <StepText text={slide.text} /> : fill(words.step, { n: i + 1 })}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
