import { useSyncExternalStore } from 'react';
import { EXTENSION_ATTRIBUTE, EXTENSION_SOURCE, PAGE_SOURCE, type ExtensionToPage, type PageToExtension } from '#shared/guide-me';

/**
 * The share page's side of the extension bridge (#shared/guide-me): whether the Stepcast
 * extension is in this browser, and asking it to walk a guide. Only this window's messages are
 * heard; a message from a frame or another window is ignored.
 */
function fromExtension(event: MessageEvent): ExtensionToPage | null {
  if (event.source !== window || event.origin !== window.location.origin) return null;
  const data = event.data as Partial<ExtensionToPage> | null;
  return data && typeof data === 'object' && data.source === EXTENSION_SOURCE ? (data as ExtensionToPage) : null;
}

function tell(message: PageToExtension): void {
  window.postMessage(message, window.location.origin);
}

function subscribe(changed: () => void): () => void {
  const onMessage = (event: MessageEvent) => {
    if (fromExtension(event)?.type === 'ready') changed();
  };
  window.addEventListener('message', onMessage);
  // An extension installed after the root was marked (or a page restored from cache) answers this.
  tell({ source: PAGE_SOURCE, type: 'hello' });
  return () => window.removeEventListener('message', onMessage);
}

/** Whether the extension's content script runs on this page (it marks the root, and answers hello); never on the server. */
export function useExtensionPresent(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.documentElement.hasAttribute(EXTENSION_ATTRIBUTE),
    () => false,
  );
}

const noSubscription = () => () => undefined;

/** True once rendering in a browser (false in the share page's server render and its hydration). */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

const ANSWER_TIMEOUT_MS = 30_000;

/** Asks the extension to open the guide's app and walk it; resolves with its answer. */
export function requestGuideMe(guideId: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const requestId = Math.random().toString(36).slice(2);
  return new Promise((resolve) => {
    const done = (answer: { ok: true } | { ok: false; message: string }) => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
      resolve(answer);
    };
    const onMessage = (event: MessageEvent) => {
      const message = fromExtension(event);
      if (message?.type === 'guide-me-result' && message.requestId === requestId) done(message.ok ? { ok: true } : { ok: false, message: message.message });
    };
    const timer = setTimeout(() => done({ ok: false, message: 'The Stepcast extension did not answer. Reload the page and try again.' }), ANSWER_TIMEOUT_MS);
    window.addEventListener('message', onMessage);
    tell({ source: PAGE_SOURCE, type: 'guide-me', guideId, requestId });
  });
}
