/**
 * What a viewer does to a server-rendered frame (shared/share/frame.ts) before the app has
 * replaced it: the frame is markup only, so its controls do nothing yet. The entry records the
 * clicks on the player's controls and the player's keys (every page's entry carries this, and
 * the embed has a byte budget, so it is small); once the app has rendered the same markup,
 * server-frame.ts replays them on it. On a slow network a viewer who presses "Next step" twice
 * during the first seconds lands on the step they asked for.
 */

/** A click on the control of this identity (`controlIdentity`), or a key. */
export type FrameInput = { control: string } | { key: string };

const CONTROLS = 'a[href],button,[data-index]';

/**
 * The player's controls (and its step list's) in `root`, by identity: their name, and their place
 * for the progress bar's segments. The app's markup matches the frame's, but it may have a
 * control the frame could not know of (full screen, where the browser has none), so the mapping
 * goes by name rather than by position.
 */
export function frameControls(root: ParentNode): Map<string, HTMLElement> {
  const controls = new Map<string, HTMLElement>();
  for (const control of root.querySelector('.guide-player')?.querySelectorAll<HTMLElement>(CONTROLS) ?? []) {
    const identity = `${control.dataset['index'] ?? ''}|${control.getAttribute('aria-label') ?? control.textContent}`;
    if (!controls.has(identity)) controls.set(identity, control);
  }
  return controls;
}

/** The identity of the control `target` is in, if it is one of the frame's. */
export function controlIdentity(root: ParentNode, target: EventTarget | null): string | undefined {
  for (const [identity, control] of frameControls(root)) if (control.contains(target as Node)) return identity;
  return undefined;
}

/** What the viewer did, in order, until `takeFrameInput` takes it and recording stops. */
let inputs: FrameInput[] | undefined;

/** Starts recording the viewer's input to the frame in `root` (the entry, before the app loads). */
export function recordFrameInput(root: HTMLElement): void {
  const recorded: FrameInput[] = (inputs = []);
  // Bounded: an inert page must not queue an endless replay.
  const record = (input: FrameInput) => inputs === recorded && recorded.length < 20 && recorded.push(input);
  root.addEventListener(
    'click',
    ({ target }) => {
      const control = controlIdentity(root, target);
      // Links work as they are; the player's buttons wait for the app.
      if (control && !(target as Element).closest('a[href]')) record({ control });
    },
    true,
  );
  document.addEventListener(
    'keydown',
    (event) => {
      const { key, target } = event;
      // The player's keys (guide-player.tsx); Enter and Space on a control reach it as a click.
      if (!['ArrowLeft', 'ArrowRight', 'Home', 'End', ' '].includes(key) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (target instanceof Element && target.closest(key === ' ' ? 'a[href],button,input,select,textarea,[contenteditable]' : 'input,select,textarea,[contenteditable]')) return;
      // While recording, what the live player does with these keys: the page does not scroll.
      if (record({ key })) event.preventDefault();
    },
    true,
  );
}

/** The recorded input, once; recording stops. */
export function takeFrameInput(): FrameInput[] {
  const taken = inputs ?? [];
  inputs = undefined;
  return taken;
}
