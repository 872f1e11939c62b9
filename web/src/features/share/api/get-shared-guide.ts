import { SharedGuideDto } from '#shared/share/shared-guide';
import { requestSharedGuide, takePrefetchedSharedGuide } from './prefetch-shared-guide';
import { parseJson } from '../../../lib/parse-json';

/**
 * GET /api/share/{id}: the contract is `SharedGuideDto` in `#shared/share/shared-guide`, written
 * with zod's mini build and fetched without the app's API client: the embed loads this on other
 * sites and must stay small. A non-OK answer throws `ApiError` (`requestSharedGuide`). The query
 * options live in `shared-guide-query.ts` for the same reason: the embed has no query client.
 */
export async function getSharedGuide(id: string, signal?: AbortSignal): Promise<SharedGuideDto> {
  const body = await (takePrefetchedSharedGuide(id) ?? requestSharedGuide(id, signal));
  return parseSharedGuide(parseJson(body));
}

/** Thrown when the answer is not a shared guide: the route shows the generic error screen. */
export class InvalidSharedGuideError extends Error {
  constructor(path: string) {
    super(`The shared guide answer is not valid at ${path}.`);
    this.name = 'InvalidSharedGuideError';
  }
}

/** The answer as a `SharedGuideDto`, by the shared contract's schema (`#shared/share/shared-guide`). */
export function parseSharedGuide(value: unknown): SharedGuideDto {
  const parsed = SharedGuideDto.safeParse(value);
  if (parsed.success) return parsed.data;
  const path = parsed.error.issues[0]?.path ?? [];
  throw new InvalidSharedGuideError(['guide', ...path].map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`)).join(''));
}
