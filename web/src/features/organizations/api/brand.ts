import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { BrandDto, type BrandSettings } from '#shared/brand';
import type { LogoContentType } from '#shared/brand-look';
import { api } from '#web/lib/api-client';
import type { MutationConfig } from '#web/lib/react-query';

/** The brand's queries (issue 32): GET and PUT /api/brand, and the logo's upload. */
export const brandQueryKeys = { all: ['brand'] as const };

/** GET /api/brand: the active organisation's brand, and whether its plan shows it to viewers. */
export function getBrand(signal?: AbortSignal) {
  return api.get('/api/brand', BrandDto, signal);
}

export function getBrandQueryOptions() {
  return queryOptions({ queryKey: brandQueryKeys.all, queryFn: ({ signal }) => getBrand(signal) });
}

export function useBrand() {
  return useQuery(getBrandQueryOptions());
}

/** PUT /api/brand: the whole brand (organization:update, Pro). */
export function saveBrand(settings: BrandSettings) {
  return api.put('/api/brand', settings, BrandDto);
}

export function useSaveBrand({ mutationConfig }: { mutationConfig?: MutationConfig<typeof saveBrand> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: saveBrand,
    onSuccess: async (...args) => {
      queryClient.setQueryData(brandQueryKeys.all, args[0]);
      await onSuccess?.(...args);
    },
  });
}

const LogoUpload = z.object({ url: z.string(), fields: z.record(z.string(), z.string()), key: z.string() });

/**
 * A logo to the bucket: POST /api/brand/logo-uploads for a presigned POST, then the file straight
 * to the bucket. Answers the pending key that PUT /api/brand checks and keeps.
 */
export async function uploadLogo(file: Blob, contentType: LogoContentType): Promise<string> {
  const upload = await api.post('/api/brand/logo-uploads', { contentType, contentLength: file.size }, LogoUpload);
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file);
  const response = await fetch(upload.url, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`The storage service refused the logo (HTTP ${response.status}). Pick the file again.`);
  return upload.key;
}
