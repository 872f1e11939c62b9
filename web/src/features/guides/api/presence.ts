import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PRESENCE_POLL_MS, PresenceDto } from '#shared/presence';
import { api } from '#web/lib/api-client';
import type { GuideDto } from '#shared/guides';
import { guideQueryKeys } from './guide-schemas';

const presencePath = (guideId: string) => `/api/guides/${encodeURIComponent(guideId)}/presence`;

/** POST /api/guides/{id}/presence: this tab has the guide open, on this step; who else has, and the guide's revision. */
export function renewPresence(guideId: string, clientId: string, slideId: string | undefined) {
  return api.request(presencePath(guideId), { method: 'POST', body: { clientId, ...(slideId ? { slideId } : {}) } }, PresenceDto);
}

/** DELETE /api/guides/{id}/presence/{clientId}, kept alive past the page's end (the tab is closing). */
function leavePresence(guideId: string, clientId: string): void {
  // `keepalive` lets the request finish after the page is gone, which the app's client cannot ask for.
  void fetch(`${presencePath(guideId)}/${encodeURIComponent(clientId)}`, { method: 'DELETE', credentials: 'include', keepalive: true }).catch(() => undefined);
}

function newClientId(): string {
  return `tab-${Array.from(crypto.getRandomValues(new Uint8Array(9)), (byte) => byte.toString(36).padStart(2, '0')).join('')}`;
}

/**
 * The design view's presence (shared/presence.ts): renewed every PRESENCE_POLL_MS and whenever
 * the author chooses another step; answers the other tabs with the guide open. When the guide's
 * revision has moved on elsewhere, the guide is read again (once this page's own saves are
 * done), so a teammate's edits show up here and the whole-guide actions carry the latest revision.
 */
export function usePresence(guideId: string, slideId: string | undefined) {
  const queryClient = useQueryClient();
  const [clientId] = useState(newClientId);
  const { data } = useQuery({
    queryKey: ['guides', 'presence', guideId, clientId, slideId ?? null],
    queryFn: () => renewPresence(guideId, clientId, slideId),
    refetchInterval: PRESENCE_POLL_MS,
    refetchIntervalInBackground: true,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  useEffect(() => {
    const revision = data?.revision;
    if (revision === undefined) return;
    const shown = queryClient.getQueryData<GuideDto>(guideQueryKeys.detail(guideId))?.revision ?? 0;
    // This page's own saves read the guide again when they are done.
    if (revision <= shown || queryClient.isMutating({ mutationKey: guideQueryKeys.save(guideId) }) > 0) return;
    void queryClient.invalidateQueries({ queryKey: guideQueryKeys.detail(guideId) });
  }, [data, queryClient, guideId]);

  useEffect(() => {
    const leave = () => leavePresence(guideId, clientId);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [guideId, clientId]);

  return { others: data?.others ?? [] };
}
