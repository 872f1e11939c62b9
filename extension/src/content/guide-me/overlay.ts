import type { GuideMeStepDto } from '#shared/guide-me';
import { splitBold } from '#shared/step-markup';

/**
 * The "Guide me" overlay: a ring around the current step's element and a popover beside it with
 * the step's words, its narration (when the guide has a voiceover), and Back, Next and Exit. It
 * lives in a shadow root on its own element, so the page's styles do not reach it; the ring lets
 * every click through to the page, since the viewer does the step on the real element. The
 * popover is a non-modal dialog (the page stays usable) whose step text is a live region, so a
 * screen reader hears each new step without the overlay taking focus from the page.
 */
export type OverlayAction = 'back' | 'next' | 'exit';

/** How the current step is shown: at its element, or (not found here) with its screenshot. */
export type OverlayView =
  | { kind: 'step'; step: GuideMeStepDto; index: number; count: number; title: string; target: Element | null; elsewhere: boolean }
  | { kind: 'done'; count: number; title: string };

const STYLE = `
:host { all: initial; }
.ring {
  position: fixed; z-index: 2147483646; pointer-events: none; box-sizing: border-box;
  border: 3px solid #4338ca; border-radius: 6px;
  box-shadow: 0 0 0 4px rgba(251, 113, 133, 0.55), 0 0 0 9999px rgba(15, 23, 42, 0.18);
  transition: top .15s ease, left .15s ease, width .15s ease, height .15s ease;
}
.pop {
  position: fixed; z-index: 2147483647; box-sizing: border-box; width: min(360px, calc(100vw - 24px));
  max-height: calc(100vh - 24px); overflow: auto;
  padding: 14px 16px; border-radius: 12px; background: #fff; color: #0f172a;
  box-shadow: 0 18px 40px -12px rgba(15, 23, 42, 0.45), 0 0 0 1px rgba(15, 23, 42, 0.08);
  font: 400 14px/1.45 ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
}
.pop:focus { outline: none; }
.pop:focus-visible { outline: 2px solid #4338ca; outline-offset: 2px; }
h2 { margin: 0 0 6px; font-size: 12px; font-weight: 600; color: #475569; text-transform: none; letter-spacing: .01em; }
.text { margin: 0 0 10px; font-size: 15px; }
.note { margin: 0 0 8px; padding: 6px 8px; border-radius: 6px; background: #fef3c7; color: #713f12; font-size: 13px; }
img { display: block; width: 100%; height: auto; margin: 0 0 10px; border-radius: 6px; border: 1px solid #e2e8f0; }
audio { display: block; width: 100%; margin: 0 0 10px; }
a { color: #3730a3; }
.bar { display: flex; gap: 8px; justify-content: flex-end; align-items: center; }
.bar .exit { margin-right: auto; }
button {
  font: 600 13px/1 inherit; font-family: inherit; padding: 8px 12px; border-radius: 8px; cursor: pointer;
  border: 1px solid #cbd5e1; background: #fff; color: #0f172a;
}
button:hover { background: #f1f5f9; }
button.primary { background: #4338ca; border-color: #4338ca; color: #fff; }
button.primary:hover { background: #3730a3; }
button:disabled { opacity: .45; cursor: default; }
button:focus-visible { outline: 2px solid #4338ca; outline-offset: 2px; }
@media (prefers-reduced-motion: reduce) { .ring { transition: none; } }
`;

const GAP = 12;

/** "Click **Save**" as text and strong elements (never HTML from the guide), as the player reads it. */
function stepText(target: HTMLElement, text: string): void {
  target.replaceChildren(
    ...splitBold(text).map((run) => (run.bold ? Object.assign(document.createElement('strong'), { textContent: run.text }) : document.createTextNode(run.text))),
  );
}

function button(label: string, className: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.textContent = label;
  b.addEventListener('click', onClick);
  return b;
}

export class GuideOverlay {
  readonly host: HTMLElement;
  private readonly ring: HTMLElement;
  private readonly pop: HTMLElement;
  private readonly heading: HTMLElement;
  private readonly live: HTMLElement;
  private readonly media: HTMLElement;
  private readonly back: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private target: Element | null = null;
  private shownKey = '';

  constructor(onAction: (action: OverlayAction) => void) {
    this.host = document.createElement('stepcast-guide');
    this.host.setAttribute('data-stepcast-ignore', '');
    // Open, so that assistive technology and test tools see the dialog as any other.
    const shadow = this.host.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = STYLE;
    this.ring = document.createElement('div');
    this.ring.className = 'ring';
    this.ring.setAttribute('aria-hidden', 'true');
    this.pop = document.createElement('div');
    this.pop.className = 'pop';
    this.pop.setAttribute('role', 'dialog');
    this.pop.setAttribute('aria-modal', 'false');
    this.pop.setAttribute('aria-labelledby', 'stepcast-guide-heading');
    this.pop.tabIndex = -1;
    this.heading = document.createElement('h2');
    this.heading.id = 'stepcast-guide-heading';
    this.live = document.createElement('div');
    this.live.setAttribute('aria-live', 'polite');
    this.live.setAttribute('aria-atomic', 'true');
    this.media = document.createElement('div');
    const bar = document.createElement('div');
    bar.className = 'bar';
    this.back = button('Back', 'back', () => onAction('back'));
    this.next = button('Next', 'primary next', () => onAction('next'));
    bar.append(button('Exit', 'exit', () => onAction('exit')), this.back, this.next);
    this.pop.append(this.heading, this.live, this.media, bar);
    shadow.append(style, this.ring, this.pop);
  }

  /** Shows a view; the same step again only moves the ring and popover (the live region stays quiet). */
  show(view: OverlayView, focus = false): void {
    if (!this.host.isConnected) (document.body ?? document.documentElement).after(this.host);
    const key = view.kind === 'done' ? 'done' : `${view.step.id}|${view.target ? 'at' : view.elsewhere ? 'elsewhere' : 'missing'}`;
    this.target = view.kind === 'step' ? view.target : null;
    if (key !== this.shownKey) {
      this.shownKey = key;
      this.render(view);
    }
    this.place();
    if (focus) this.pop.focus();
  }

  private render(view: OverlayView): void {
    this.media.replaceChildren();
    if (view.kind === 'done') {
      this.heading.textContent = `${view.title}: done`;
      this.live.replaceChildren(Object.assign(document.createElement('p'), { className: 'text', textContent: `You finished all ${view.count} steps.` }));
      this.next.textContent = 'Close';
      return;
    }
    const { step, index, count, title } = view;
    this.heading.textContent = `Step ${index + 1} of ${count} · ${title}`;
    const paragraph = document.createElement('p');
    paragraph.className = 'text';
    stepText(paragraph, step.text ?? `Step ${index + 1}`);
    const parts: HTMLElement[] = [paragraph];
    if (!view.target) {
      const note = document.createElement('p');
      note.className = 'note';
      if (view.elsewhere && step.pageUrl) {
        note.append('This step is on another page: ');
        const link = Object.assign(document.createElement('a'), { href: step.pageUrl, textContent: 'go to that page' });
        note.append(link, '. Or do it as the screenshot shows, then press Next.');
      } else {
        note.textContent = 'This step’s element is not on the page as the guide shows it. Do it as the screenshot shows, then press Next.';
      }
      parts.push(note);
    }
    this.live.replaceChildren(...parts);
    if (!view.target && step.screenshotUrl) {
      const img = document.createElement('img');
      img.src = step.screenshotUrl;
      img.alt = `Step ${index + 1} as the guide shows it`;
      this.media.append(img);
    }
    if (step.audioUrl) {
      const audio = document.createElement('audio');
      audio.controls = true;
      audio.src = step.audioUrl;
      audio.setAttribute('aria-label', `Narration of step ${index + 1}`);
      audio.autoplay = true;
      this.media.append(audio);
    }
    this.back.disabled = index === 0;
    this.next.textContent = index + 1 === count ? 'Finish' : 'Next';
  }

  /** Puts the ring on the element and the popover beside it (below, above, or in a corner). */
  place(): void {
    const box = this.target?.isConnected ? this.target.getBoundingClientRect() : null;
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    if (!box) {
      this.ring.hidden = true;
      Object.assign(this.pop.style, { top: 'auto', left: 'auto', right: `${GAP}px`, bottom: `${GAP}px` });
      return;
    }
    this.ring.hidden = false;
    Object.assign(this.ring.style, { top: `${box.top - 6}px`, left: `${box.left - 6}px`, width: `${box.width + 12}px`, height: `${box.height + 12}px` });
    const width = this.pop.offsetWidth;
    const height = this.pop.offsetHeight;
    const below = box.bottom + GAP + height <= vh;
    const above = box.top - GAP - height >= 0;
    const top = below ? box.bottom + GAP : above ? box.top - GAP - height : Math.max(GAP, vh - height - GAP);
    const left = Math.min(Math.max(GAP, box.left), Math.max(GAP, vw - width - GAP));
    Object.assign(this.pop.style, { top: `${top}px`, left: `${left}px`, right: 'auto', bottom: 'auto' });
  }

  contains(event: Event): boolean {
    return event.composedPath().includes(this.host);
  }

  remove(): void {
    this.host.remove();
    this.shownKey = '';
  }
}
