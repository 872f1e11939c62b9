/**
 * The on-page recording control: a small pill (recording dot, step count, pause, discard last
 * step, done) in a closed shadow root on an element the recorder ignores. The page's styles
 * cannot reach it, its clicks never become steps, and it is hidden for every captured frame
 * (capture-notes.md, "The recorder's own UI").
 */
export type ControlAction = 'pause' | 'resume' | 'discardLast' | 'stop';

const ICONS = {
  pause: '<svg viewBox="0 0 16 16" aria-hidden="true"><rect x="4" y="3" width="2.6" height="10" rx="1"/><rect x="9.4" y="3" width="2.6" height="10" rx="1"/></svg>',
  resume: '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M5 3.2v9.6a.6.6 0 0 0 .9.5l7.4-4.8a.6.6 0 0 0 0-1L5.9 2.7a.6.6 0 0 0-.9.5Z"/></svg>',
  undo: '<svg class="stroke" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round"><path d="M5.5 3.5 2.5 6.5l3 3"/><path d="M2.8 6.5h6.7a3.5 3.5 0 0 1 0 7H7"/></svg>',
  stop: '<svg viewBox="0 0 16 16" aria-hidden="true"><rect x="3.5" y="3.5" width="9" height="9" rx="2"/></svg>',
};

const STYLE = `
:host { all: initial; }
.pill {
  position: fixed; left: 50%; bottom: 20px; transform: translateX(-50%);
  z-index: 2147483647; display: flex; align-items: center; gap: 4px;
  padding: 6px 6px 6px 8px; border-radius: 999px;
  background: rgba(11, 16, 32, 0.92); color: #fff;
  box-shadow: 0 12px 32px -8px rgba(15, 23, 42, 0.45), 0 0 0 1px rgba(255, 255, 255, 0.08) inset;
  font: 500 13px/1 ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  letter-spacing: 0.01em; user-select: none; -webkit-user-select: none;
  backdrop-filter: blur(8px); -webkit-backdrop-filter: blur(8px);
}
.grip { display: flex; align-items: center; gap: 8px; padding: 0 10px 0 6px; height: 32px; cursor: grab; border-right: 1px solid rgba(255, 255, 255, 0.14); margin-right: 2px; }
.grip:active { cursor: grabbing; }
.dot { width: 10px; height: 10px; border-radius: 50%; background: #f43f5e; box-shadow: 0 0 0 0 rgba(244, 63, 94, 0.6); animation: pulse 1.6s ease-out infinite; flex: none; }
.paused .dot { background: #94a3b8; animation: none; }
.label { white-space: nowrap; }
.count { font-variant-numeric: tabular-nums; color: #cbd5e1; font-weight: 400; }
button {
  all: unset; box-sizing: border-box; display: inline-flex; align-items: center; justify-content: center; gap: 6px;
  height: 32px; min-width: 32px; padding: 0 8px; border-radius: 999px; cursor: pointer; color: #e2e8f0;
  font: inherit; transition: background-color 0.12s ease, color 0.12s ease;
}
button:hover { background: rgba(255, 255, 255, 0.12); color: #fff; }
button:focus-visible { outline: 2px solid #93c5fd; outline-offset: 1px; }
button:disabled { opacity: 0.4; cursor: default; background: none; }
button svg { width: 16px; height: 16px; fill: currentColor; }
button svg.stroke { fill: none; }
button.done { background: #4338ca; color: #fff; padding: 0 14px 0 11px; margin-left: 2px; font-weight: 600; }
button.done:hover { background: #4f46e5; }
@keyframes pulse { 0% { box-shadow: 0 0 0 0 rgba(244, 63, 94, 0.55); } 70% { box-shadow: 0 0 0 7px rgba(244, 63, 94, 0); } 100% { box-shadow: 0 0 0 0 rgba(244, 63, 94, 0); } }
@media (prefers-reduced-motion: reduce) { .dot { animation: none; } }
`;

export class RecordingControl {
  /** the host element; events whose path includes it are the recorder's own */
  readonly host: HTMLElement;
  private readonly pill: HTMLElement;
  private readonly label: HTMLElement;
  private readonly count: HTMLElement;
  private readonly pauseButton: HTMLButtonElement;
  private readonly undoButton: HTMLButtonElement;
  private hiddenForCapture = false;
  private dragged: { x: number; y: number } | null = null;

  constructor(onAction: (action: ControlAction) => void) {
    this.host = document.createElement('stepcast-recorder');
    this.host.setAttribute('data-stepcast-ignore', '');
    this.host.setAttribute('data-redact-ignore', '');
    const shadow = this.host.attachShadow({ mode: 'closed' });
    const style = document.createElement('style');
    style.textContent = STYLE;
    this.pill = document.createElement('div');
    this.pill.className = 'pill';
    this.pill.setAttribute('role', 'toolbar');
    this.pill.setAttribute('aria-label', 'Stepcast capture');
    const grip = document.createElement('div');
    grip.className = 'grip';
    grip.title = 'Drag to move';
    const dot = document.createElement('span');
    dot.className = 'dot';
    this.label = document.createElement('span');
    this.label.className = 'label';
    this.count = document.createElement('span');
    this.count.className = 'count';
    grip.append(dot, this.label, this.count);
    this.pauseButton = this.button('', 'Pause capture', () => onAction(this.pill.classList.contains('paused') ? 'resume' : 'pause'));
    this.undoButton = this.button(ICONS.undo, 'Discard last step', () => onAction('discardLast'));
    const done = this.button(`${ICONS.stop}<span>Done</span>`, 'Stop and create the guide', () => onAction('stop'));
    done.classList.add('done');
    this.pill.append(grip, this.pauseButton, this.undoButton, done);
    shadow.append(style, this.pill);
    this.enableDrag(grip);
    // Nothing inside the control reaches the page's own listeners in the bubble phase.
    for (const type of ['click', 'pointerdown', 'pointerup', 'mousedown', 'mouseup', 'keydown']) shadow.addEventListener(type, (event) => event.stopPropagation());
  }

  private button(html: string, label: string, action: () => void): HTMLButtonElement {
    const button = document.createElement('button');
    button.type = 'button';
    button.innerHTML = html;
    button.title = label;
    button.setAttribute('aria-label', label);
    button.addEventListener('click', (event) => {
      event.preventDefault();
      action();
    });
    return button;
  }

  private enableDrag(handle: HTMLElement): void {
    let start: { x: number; y: number; left: number; top: number } | null = null;
    handle.addEventListener('pointerdown', (event) => {
      const box = this.pill.getBoundingClientRect();
      start = { x: event.clientX, y: event.clientY, left: box.left, top: box.top };
      handle.setPointerCapture(event.pointerId);
    });
    handle.addEventListener('pointermove', (event) => {
      if (!start) return;
      const box = this.pill.getBoundingClientRect();
      const x = Math.min(Math.max(0, start.left + event.clientX - start.x), window.innerWidth - box.width);
      const y = Math.min(Math.max(0, start.top + event.clientY - start.y), window.innerHeight - box.height);
      this.dragged = { x, y };
      Object.assign(this.pill.style, { left: `${x}px`, top: `${y}px`, bottom: 'auto', transform: 'none' });
    });
    const end = () => {
      start = null;
    };
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  }

  /** Shows the control with the current state; attaches it again if the page removed it. */
  show(state: { paused: boolean; stepCount: number }): void {
    if (!this.host.isConnected) document.documentElement.append(this.host);
    this.pill.classList.toggle('paused', state.paused);
    this.label.textContent = state.paused ? 'Paused' : 'Recording';
    this.count.textContent = `${state.stepCount} ${state.stepCount === 1 ? 'step' : 'steps'}`;
    this.pauseButton.innerHTML = state.paused ? ICONS.resume : ICONS.pause;
    const pauseLabel = state.paused ? 'Resume capture' : 'Pause capture';
    this.pauseButton.title = pauseLabel;
    this.pauseButton.setAttribute('aria-label', pauseLabel);
    this.undoButton.disabled = state.stepCount === 0;
    this.applyVisibility();
  }

  remove(): void {
    this.host.remove();
  }

  /** Hides the control until the frame is captured: it must never appear in a screenshot. */
  async hideForCapture(): Promise<void> {
    this.hiddenForCapture = true;
    this.applyVisibility();
    if (!this.host.isConnected) return;
    // Two animation frames: the style change is painted and composited before the capture.
    await new Promise<void>((resolve) => {
      const timeout = setTimeout(resolve, 100);
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          clearTimeout(timeout);
          resolve();
        }),
      );
    });
  }

  showAfterCapture(): void {
    this.hiddenForCapture = false;
    this.applyVisibility();
  }

  private applyVisibility(): void {
    this.host.style.setProperty('visibility', this.hiddenForCapture ? 'hidden' : 'visible', 'important');
    if (this.dragged) {
      const box = this.pill.getBoundingClientRect();
      const x = Math.min(this.dragged.x, Math.max(0, window.innerWidth - box.width));
      const y = Math.min(this.dragged.y, Math.max(0, window.innerHeight - box.height));
      Object.assign(this.pill.style, { left: `${x}px`, top: `${y}px` });
    }
  }
}
