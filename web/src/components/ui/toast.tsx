import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import './toast.css';

export type ToastType = 'info' | 'success' | 'error' | 'loading';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  /** pass an existing id to update that toast (e.g. a loading toast that turns into success) */
  id?: string;
  type?: ToastType;
  title: ReactNode;
  description?: ReactNode;
  action?: ToastAction;
  /** milliseconds; `Infinity` keeps it until dismissed. @default 4000, loading toasts stay */
  duration?: number;
}

export interface Toast extends Required<Pick<ToastOptions, 'type' | 'title'>> {
  id: string;
  description: ReactNode | undefined;
  action: ToastAction | undefined;
  duration: number;
}

export const TOAST_DEFAULT_DURATION_MS = 4000;
export const TOAST_VISIBLE_LIMIT = 3;

type Listener = () => void;

/** The toasts of the page: a tiny store so that `toast()` can be called from anywhere, not only React. */
export function createToastStore() {
  let toasts: readonly Toast[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());

  return {
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => toasts,
    show(options: ToastOptions): string {
      const type = options.type ?? 'info';
      const next: Toast = {
        id: options.id ?? `toast-${++counter}`,
        type,
        title: options.title,
        description: options.description,
        action: options.action,
        duration: options.duration ?? (type === 'loading' ? Infinity : TOAST_DEFAULT_DURATION_MS),
      };
      const exists = toasts.some((toast) => toast.id === next.id);
      toasts = exists ? toasts.map((toast) => (toast.id === next.id ? next : toast)) : [...toasts, next];
      emit();
      return next.id;
    },
    dismiss(id?: string) {
      toasts = id === undefined ? [] : toasts.filter((toast) => toast.id !== id);
      emit();
    },
  };
}

const store = createToastStore();

type ToastShortcut = (title: ReactNode, options?: Omit<ToastOptions, 'title' | 'type'>) => string;

const shortcut =
  (type: ToastType): ToastShortcut =>
  (title, options) =>
    store.show({ ...options, title, type });

/** Shows a toast and returns its id: `toast.success('Saved')`, `toast.dismiss(id)`. */
export const toast = Object.assign((options: ToastOptions) => store.show(options), {
  info: shortcut('info'),
  success: shortcut('success'),
  error: shortcut('error'),
  loading: shortcut('loading'),
  dismiss: (id?: string) => store.dismiss(id),
});

const ICONS: Record<ToastType, ReactNode> = {
  info: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M10 9v5M10 6.2v.1" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  ),
  success: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="m6.5 10.2 2.3 2.3 4.7-4.8" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  ),
  error: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M10 6v5M10 13.8v.1" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  ),
  loading: <span className="toast__spinner" aria-hidden="true" />,
};

function ToastItem({ toast: item, paused }: { toast: Toast; paused: boolean }) {
  const remaining = useRef(item.duration);

  // Restart the clock when the toast is updated in place (same id, new content or type). The
  // timer effect's cleanup runs before this, so the new timer starts from the full duration.
  useEffect(() => {
    remaining.current = item.duration;
  }, [item]);

  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => store.dismiss(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, item]);

  return (
    <li className={`toast toast--${item.type}`} data-type={item.type}>
      <span className="toast__icon">{ICONS[item.type]}</span>
      <div className="toast__body">
        <p className="toast__title">{item.title}</p>
        {item.description ? <p className="toast__description">{item.description}</p> : null}
        {item.action ? (
          <button
            type="button"
            className="toast__action"
            onClick={() => {
              item.action?.onClick();
              store.dismiss(item.id);
            }}
          >
            {item.action.label}
          </button>
        ) : null}
      </div>
      <button type="button" className="toast__close" aria-label="Close notification" onClick={() => store.dismiss(item.id)}>
        <svg viewBox="0 0 16 16" aria-hidden="true">
          <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}

/** The custom property the toaster's top edge adds to its margin (toast.css). */
const TOASTS_BELOW = '--toaster-top';

/**
 * Toasts start below this element while it is on the page (the design view's header, whose publish
 * bar, export and embed buttons sit where the toasts would): its bottom edge, followed as it wraps.
 */
export function useToastsBelow(target: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = target.current;
    if (!element) return;
    const root = document.documentElement;
    const place = () => root.style.setProperty(TOASTS_BELOW, `${Math.max(0, Math.round(element.getBoundingClientRect().bottom))}px`);
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(TOASTS_BELOW);
    };
  }, [target]);
}

/**
 * Where toasts appear: top right, 340 px wide, the newest three visible (product-spec.md §2, §9). Timers
 * pause while the pointer or keyboard focus is on the stack, so a toast is not pulled away mid-read.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const [paused, setPaused] = useState(false);
  const visible = toasts.slice(-TOAST_VISIBLE_LIMIT).reverse();
  const region = useRef<HTMLElement>(null);
  const newest = toasts.at(-1)?.id;

  // The stack is a manual popover so that it is in the top layer: a toast raised while a modal
  // dialog is open (a failed confirmation under the subscription modal) must show above its
  // backdrop. Re-showing moves it to the top of the layer, above a dialog opened since.
  useLayoutEffect(() => {
    const element = region.current;
    if (!element || typeof element.showPopover !== 'function') return;
    if (element.matches(':popover-open')) {
      if (!document.querySelector('dialog:modal')) return;
      element.hidePopover();
    }
    element.showPopover();
  }, [newest]);

  return (
    <section
      ref={region}
      popover="manual"
      className="toaster"
      aria-label="Notifications"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
      }}
    >
      {/* One live region that exists before any toast, so additions are announced. */}
      <div role="status" aria-live="polite">
        <ol className="toaster__list" role="list">
          {visible.map((item) => (
            <ToastItem key={item.id} toast={item} paused={paused} />
          ))}
        </ol>
      </div>
    </section>
  );
}
