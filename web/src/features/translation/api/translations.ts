import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TranslationDetailDto,
  TranslationDto,
  TranslationListDto,
  type StartTranslationBody,
  type UpdateTranslationSlideBody,
  type UpdateTranslationTextsBody,
} from '#shared/translation';
import { api } from '#web/lib/api-client';
import { guideQueryKeys, translationQueryKeys } from '#web/lib/query-keys';

/**
 * A guide's translations: GET/POST /api/guides/{id}/translations, GET/PATCH/DELETE …/{language}
 * and PATCH …/{language}/slides/{slideId}. The list is read again while a language is being made.
 * A language is part of the draft: a change to one changes whether the guide has something to
 * publish, so the guide is read again after each (`refreshGuide`).
 */
export const TRANSLATION_POLL_MS = 500;

export { translationQueryKeys };

const base = (guideId: string) => `/api/guides/${encodeURIComponent(guideId)}/translations`;

export const isTranslating = (translation: Pick<TranslationDto, 'state'>) => translation.state === 'queued' || translation.state === 'running';

/** The guide's "Unpublished changes" counts its languages: read it again once one changed. */
export function refreshGuide(queryClient: ReturnType<typeof useQueryClient>, guideId: string) {
  return queryClient.invalidateQueries({ queryKey: guideQueryKeys.detail(guideId), exact: true });
}

export function useTranslations(guideId: string) {
  return useQuery(
    queryOptions({
      queryKey: translationQueryKeys.list(guideId),
      queryFn: ({ signal }) => api.get(base(guideId), TranslationListDto, signal),
      refetchInterval: (query) => (query.state.data?.translations.some(isTranslating) ? TRANSLATION_POLL_MS : false),
    }),
  );
}

export function useTranslation(guideId: string, language: string | undefined) {
  return useQuery({
    queryKey: translationQueryKeys.detail(guideId, language ?? ''),
    queryFn: ({ signal }) => api.get(`${base(guideId)}/${encodeURIComponent(language ?? '')}`, TranslationDetailDto, signal),
    enabled: !!language,
    // Audio links of a private guide are short-lived: read again when shown again.
    staleTime: 0,
  });
}

export function useStartTranslation(guideId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartTranslationBody) => api.post(base(guideId), body, TranslationDto),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: translationQueryKeys.list(guideId) }), refreshGuide(queryClient, guideId)]),
  });
}

export function useUpdateTranslationSlide(guideId: string, language: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slideId, body }: { slideId: string; body: UpdateTranslationSlideBody }) =>
      api.patch(`${base(guideId)}/${encodeURIComponent(language)}/slides/${encodeURIComponent(slideId)}`, body, TranslationDetailDto),
    onSuccess: (detail) => {
      queryClient.setQueryData(translationQueryKeys.detail(guideId, language), detail);
      return Promise.all([queryClient.invalidateQueries({ queryKey: translationQueryKeys.list(guideId), exact: true }), refreshGuide(queryClient, guideId)]);
    },
  });
}

export function useUpdateTranslationTexts(guideId: string, language: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTranslationTextsBody) => api.patch(`${base(guideId)}/${encodeURIComponent(language)}`, body, TranslationDetailDto),
    onSuccess: (detail) => {
      queryClient.setQueryData(translationQueryKeys.detail(guideId, language), detail);
      return Promise.all([queryClient.invalidateQueries({ queryKey: translationQueryKeys.list(guideId), exact: true }), refreshGuide(queryClient, guideId)]);
    },
  });
}

export function useRemoveTranslation(guideId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: string) => api.request(`${base(guideId)}/${encodeURIComponent(language)}`, { method: 'DELETE' }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: translationQueryKeys.list(guideId) }), refreshGuide(queryClient, guideId)]),
  });
}
