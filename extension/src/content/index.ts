import type { ContentMessage, PageInfo, PrepareCapture, PreparedCapture, RecordingStatus, StepMessage, TargetInfo, WorkerToContent } from '../messages';
import type { Point } from '../lib/geometry';
import { RecordingControl, type ControlAction } from './control';
import { startGuideMe } from './guide-me';
import { actionTarget, boxOf, describeElement, frameOffset, isRedacted, isTextEntry, roleOf, sensitiveRects, setAuthorSelectors } from './describe';
import { findPersonalData, TypedValues } from './personal-data';

/**
 * The content script, in every frame of every page but idle until its tab records. While
 * recording it turns the author's clicks, typing and choices into steps for the service worker,
 * marks the page dirty when it changes (so the worker knows whether its latest frame still
 * shows the page), and in the top frame shows the recording control.
 *
 * It only reads and sends; every listener is passive and returns at once, so the page's own
 * handlers run without delay (tests/bench/capture.bench.ts measures it).
 */
declare global {
  interface Window {
    __stepcastContent?: boolean;
  }
}

const SETTLE_MS = 350;
const TOGGLE_ROLES = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);
/** tells this document from the next one in the same tab (a frame must not span a navigation) */
const documentToken = Math.random().toString(36).slice(2);
const isTop = window === window.top;

let status: RecordingStatus = { type: 'status', recording: false, paused: false, stepCount: 0, selectors: [], salt: null };
let control: RecordingControl | null = null;
let dirty = true;
let settleTimer: ReturnType<typeof setTimeout> | undefined;
let observer: MutationObserver | null = null;
let listening = false;

/**
 * The last search for personal data, and what it was made with: a press right after a page
 * settled (nothing changed since: no mutation, scroll, resize, typing or field value, the same
 * values looked for) reuses it instead of searching the page again on the page's own thread.
 * Not with frames inside, whose changes this frame does not see.
 */
let scanned: { key: string; found: PreparedCapture['found'] } | null = null;

interface Press {
  id: string;
  target: Element;
  point: Point | null;
  /** described a task later, off the page's input path (see `described`) */
  info: TargetInfo | null;
  box: TargetInfo['box'];
  unlocated: boolean;
  at: number;
  confirmed: boolean;
}
let press: Press | null = null;
/** the press whose frame a field's typing or choice uses (focus or pointer press on it) */
const fieldPress = new WeakMap<Element, Press>();
/** the field the last step typed in: typing on in it is the same step */
let typedField: Element | null = null;

function send(message: ContentMessage): Promise<unknown> {
  return chrome.runtime.sendMessage(message).catch(() => undefined);
}

/** What the author types, as salted fingerprints for the worker (personal-data.ts): never the value. */
const typedValues = new TypedValues(
  () => (active() ? status.salt : null),
  (fieldId, print) => void send({ type: 'typed', fieldId, print }),
);

function page(): PageInfo {
  return { title: document.title, url: location.href };
}

function topViewportWidth(): number {
  try {
    return window.top?.innerWidth ?? window.innerWidth;
  } catch {
    return window.innerWidth;
  }
}

function targetInfo(element: Element): TargetInfo {
  const offset = frameOffset();
  return { element: describeElement(element), box: offset ? boxOf(element, offset) : null, ...(offset ? {} : { unlocated: true }) };
}

function newId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

function isOwnEvent(event: Event): boolean {
  return control !== null && event.composedPath().includes(control.host);
}

function active(): boolean {
  return status.recording && !status.paused;
}

/**
 * A press tells the worker at once (it may need to capture now) with only what is cheap: the
 * point and the box. The element's description (role, name, labels: style lookups) is made a
 * task later, so the page's own pointerdown and click handlers do not wait for it.
 */
function startPress(target: Element, clientPoint: Point | null): Press {
  const offset = frameOffset();
  const point = clientPoint && offset ? { x: clientPoint.x + offset.x, y: clientPoint.y + offset.y } : null;
  const next: Press = { id: newId(), target, point, info: null, box: offset ? boxOf(target, offset) : null, unlocated: !offset, at: performance.now(), confirmed: false };
  void send({ type: 'press', pressId: next.id, clean: !dirty, view: isTop ? { documentToken, scrollX: window.scrollX, scrollY: window.scrollY } : null });
  setTimeout(() => described(next), 0);
  return next;
}

function described(press: Press): TargetInfo {
  press.info ??= { element: describeElement(press.target), box: press.box, ...(press.unlocated ? { unlocated: true } : {}) };
  return press.info;
}

function sendStep(step: Omit<StepMessage, 'type' | 'viewportWidth' | 'page'>, element: Element | null): void {
  typedField = step.action === 'type' ? element : null;
  void send({ type: 'step', ...step, viewportWidth: topViewportWidth(), page: page() });
}

function centre(info: TargetInfo): Point | null {
  return info.box ? { x: info.box.x + info.box.width / 2, y: info.box.y + info.box.height / 2 } : null;
}

function isField(element: Element): boolean {
  return isTextEntry(element) || element instanceof HTMLSelectElement || element instanceof HTMLOptionElement;
}

function onPointerDown(event: PointerEvent): void {
  if (!active() || !event.isTrusted || event.button !== 0 || isOwnEvent(event)) return;
  // What was just typed goes before the press: the press's screenshot may show it.
  typedValues.flush();
  const target = actionTarget(event.composedPath());
  if (!target) return;
  press = startPress(target, { x: event.clientX, y: event.clientY });
  if (isField(target)) fieldPress.set(target instanceof HTMLOptionElement ? (target.closest('select') ?? target) : target, press);
}

function onClick(event: MouseEvent): void {
  if (!active() || !event.isTrusted || isOwnEvent(event)) return;
  const target = actionTarget(event.composedPath());
  if (!target || isField(target)) return;
  const current = press;
  if (current && current.confirmed) {
    // A label forwards its click to its control: one action, one step.
    if (current.target === target && performance.now() - current.at < 1000) return;
  }
  const usable = current && !current.confirmed && (current.target === target || current.target.contains(target) || target.contains(current.target));
  const chosen = usable ? current : null;
  if (chosen) chosen.confirmed = true;
  const clickPoint = chosen?.point ?? null;
  const toggle = TOGGLE_ROLES.has(roleOf(target));
  const confirm = () => {
    const base = chosen ? described(chosen) : targetInfo(target);
    const info = toggle ? { ...base, element: { ...base.element, ...checkedOf(target) } } : base;
    sendStep({ pressId: chosen?.id ?? null, action: 'click', target: info, point: clickPoint ?? centre(info) }, target);
  };
  // A toggle's new state is known after the click's default action (a label forwards its
  // click, the page flips aria-checked): read it a task later. Anything else is sent now, before
  // a link or a form can unload the page.
  if (toggle) setTimeout(confirm, 0);
  else confirm();
  if (!chosen) press = { id: '', target, point: null, info: null, box: null, unlocated: false, at: performance.now(), confirmed: true };
}

function checkedOf(element: Element): { checked?: boolean } {
  const fresh = describeElement(element);
  return fresh.checked === undefined || fresh.checked === null ? {} : { checked: fresh.checked };
}

function editableHost(node: EventTarget | undefined): Element | null {
  if (!(node instanceof Element)) return null;
  if (node instanceof HTMLElement && node.isContentEditable) {
    let host: HTMLElement = node;
    while (host.parentElement?.isContentEditable) host = host.parentElement;
    return host;
  }
  return node;
}

function onFocusIn(event: FocusEvent): void {
  if (!active() || isOwnEvent(event)) return;
  const target = editableHost(event.composedPath()[0]);
  if (!target || !isField(target) || fieldPress.has(target)) return;
  fieldPress.set(target, startPress(target, null));
}

function onFocusOut(event: FocusEvent): void {
  const target = editableHost(event.composedPath()[0]);
  if (target) fieldPress.delete(target);
  typedValues.flush();
}

function onKeyDown(event: KeyboardEvent): void {
  // Enter may submit the form and leave the page before a fingerprint waiting for its moment goes.
  if (active() && event.key === 'Enter') typedValues.flush();
}

function onInput(event: Event): void {
  markDirty();
  if (!active() || !event.isTrusted || isOwnEvent(event)) return;
  const target = editableHost(event.composedPath()[0]);
  if (!target || !isTextEntry(target)) return;
  typedValues.changed(target);
  if (target === typedField) return;
  const pressed = fieldPress.get(target) ?? null;
  const info = pressed ? described(pressed) : targetInfo(target);
  sendStep({ pressId: pressed?.id ?? null, action: 'type', target: { ...info, element: describeElement(target) }, point: pressed?.point ?? centre(info) }, target);
}

function onChange(event: Event): void {
  markDirty();
  if (!active() || isOwnEvent(event)) return;
  const target = event.composedPath()[0];
  if (!(target instanceof HTMLSelectElement)) return;
  // A choice in a native list is trusted; a script's choice counts only on the focused list.
  if (!event.isTrusted && document.activeElement !== target) return;
  const pressed = fieldPress.get(target) ?? null;
  fieldPress.delete(target);
  const info = targetInfo(target);
  const option = isRedacted(target) ? null : (target.selectedOptions[0]?.label ?? null);
  sendStep({ pressId: pressed?.id ?? null, action: 'select', target: info, option, point: pressed?.point ?? centre(info) }, target);
}

function markDirty(): void {
  scanned = null;
  if (!status.recording) return;
  if (!dirty) {
    dirty = true;
    void send({ type: 'dirty' });
  }
  clearTimeout(settleTimer);
  settleTimer = setTimeout(() => {
    if (active()) void send({ type: 'settled' });
  }, SETTLE_MS);
}

function onMutations(records: MutationRecord[]): void {
  if (control && records.every((record) => record.target === control!.host)) return;
  markDirty();
}

const onScroll = () => markDirty();
const onPageHide = () => typedValues.flush();

function listen(on: boolean): void {
  if (on === listening) return;
  listening = on;
  const method = on ? 'addEventListener' : 'removeEventListener';
  const options = { capture: true, passive: true } as const;
  window[method]('pointerdown', onPointerDown as EventListener, options);
  window[method]('click', onClick as EventListener, options);
  window[method]('focusin', onFocusIn as EventListener, options);
  window[method]('focusout', onFocusOut as EventListener, options);
  window[method]('input', onInput, options);
  window[method]('keydown', onKeyDown as EventListener, options);
  window[method]('pagehide', onPageHide, options);
  window[method]('change', onChange, options);
  window[method]('scroll', onScroll, options);
  window[method]('resize', onScroll, options);
  if (on) {
    observer = new MutationObserver(onMutations);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  } else {
    observer?.disconnect();
    observer = null;
  }
}

function controlAction(action: ControlAction): void {
  void send({ type: 'control', action });
}

function applyStatus(next: RecordingStatus): void {
  status = next;
  setAuthorSelectors(next.selectors);
  listen(next.recording);
  if (!next.recording) {
    press = null;
    typedField = null;
    dirty = true;
  }
  if (!isTop) return;
  if (next.recording) {
    control ??= new RecordingControl(controlAction);
    control.show(next);
  } else {
    control?.remove();
  }
}


/** A digest of every field's value (a script may set one without any mutation to see), not the values. */
function fieldValuesDigest(): number {
  let hash = 0x811c9dc5;
  for (const field of document.querySelectorAll('input, textarea')) {
    const value = (field as HTMLInputElement | HTMLTextAreaElement).value;
    for (let i = 0; i < value.length; i++) hash = Math.imul(hash ^ value.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 0x1f, 0x01000193);
  }
  return hash >>> 0;
}

function personalDataNow(request: PrepareCapture): PreparedCapture['found'] {
  const key = JSON.stringify([request.secrets, request.salt, window.scrollX, window.scrollY, window.innerWidth, window.innerHeight, fieldValuesDigest()]);
  if (scanned?.key === key) return scanned.found;
  let found: PreparedCapture['found'];
  try {
    found = findPersonalData(request.secrets, request.salt);
  } catch {
    // A page that breaks the search still gets its sensitive fields covered.
    found = [];
  }
  scanned = document.querySelector('iframe, frame') ? null : { key, found };
  return found;
}

async function prepareCapture(request: PrepareCapture): Promise<PreparedCapture> {
  await control?.hideForCapture();
  dirty = false;
  const found = personalDataNow(request);
  return { rects: sensitiveRects(), found, viewportWidth: window.innerWidth, viewportHeight: window.innerHeight, documentToken, scrollX: window.scrollX, scrollY: window.scrollY };
}

function start(): void {
  if (window.__stepcastContent) return;
  window.__stepcastContent = true;
  chrome.runtime.onMessage.addListener((raw, _sender, sendResponse) => {
    const message = raw as WorkerToContent;
    switch (message.type) {
      case 'status':
        applyStatus(message);
        return undefined;
      case 'prepareCapture':
        if (!isTop) return undefined;
        void prepareCapture(message).then(sendResponse);
        return true;
      case 'captureDone':
        dirty = false;
        control?.showAfterCapture();
        return undefined;
      case 'ping':
        sendResponse({ pong: documentToken });
        return undefined;
      default:
        return undefined;
    }
  });
  void send({ type: 'hello' }).then((reply) => {
    if (reply && typeof reply === 'object' && (reply as RecordingStatus).type === 'status') applyStatus(reply as RecordingStatus);
  });
}

start();
startGuideMe();
