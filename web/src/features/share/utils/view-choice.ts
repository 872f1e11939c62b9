import { shareViewFromParam, VIEW_PARAM, type ShareView } from '#shared/share/frame';

export { SHARE_VIEWS, VIEW_PARAM, shareViewFromParam, type ShareView } from '#shared/share/frame';

/** Where the viewer's last choice of view is kept (this browser only; nothing is sent). */
export const VIEW_STORAGE_KEY = 'stepcast.share-view';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage refused (a sandboxed frame, privacy settings): nothing is remembered.
    return undefined;
  }
}

/** The view the viewer last chose, for a guide opened without `?view=`; none on the server. */
export function rememberedView(): ShareView | undefined {
  try {
    return shareViewFromParam(storage()?.getItem(VIEW_STORAGE_KEY));
  } catch {
    return undefined;
  }
}

export function rememberView(view: ShareView): void {
  try {
    storage()?.setItem(VIEW_STORAGE_KEY, view);
  } catch {
    // Full or refused: the choice holds for this page only.
  }
}

/** The view a page shows: the one its link names, else the viewer's last choice, else watch. */
export function viewFor(search: URLSearchParams): ShareView {
  return shareViewFromParam(search.get(VIEW_PARAM)) ?? rememberedView() ?? 'watch';
}

/** The search with `?view=` set, every other parameter (the step among them) kept. */
export function searchWithView(search: string | URLSearchParams, view: ShareView): URLSearchParams {
  const params = new URLSearchParams(search);
  params.set(VIEW_PARAM, view);
  return params;
}
