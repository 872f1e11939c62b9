import { z } from 'zod';
import type { CaptureMeta } from '#shared/capture';
import { ErrorBody } from '#shared/errors';
import type { FolderDto} from '#shared/guides';
import { FolderListDto, GuideDto, GuideListDto, SlideDto, UploadDto, type ScreenshotContentType } from '#shared/guides';
import { FullOrganizationDto, OrganizationDto } from '#shared/organization';
import { SessionReply } from '#shared/auth';
import { appUrl } from './config';

/**
 * The extension's client for the Stepcast API. It calls the app's own origin with the user's
 * session cookie (`credentials: 'include'`): with a host permission for that origin, Chromium
 * treats the extension's requests as same-site, so the SameSite=Lax session cookie goes along,
 * and the Origin header (`chrome-extension://{id}`) is one the API trusts (EXTENSION_IDS).
 * Answers are parsed, never cast.
 */
export class ApiError extends Error {
  constructor(
    /** undefined: no answer (offline, refused, aborted) */
    readonly status: number | undefined,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const TIMEOUT_MS = 20_000;

async function call<T>(schema: z.ZodType<T>, method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(appUrl(path), {
      method,
      credentials: 'include',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(undefined, undefined, 'Stepcast could not be reached.');
  }
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const error = ErrorBody.safeParse(json);
    throw new ApiError(response.status, error.success ? error.data.error.code : undefined, error.success ? error.data.error.message : `The request failed (${response.status}).`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(502, 'upstream_failed', 'Stepcast answered in an unexpected shape.');
  return parsed.data;
}

/** The answers are the shared contract's schemas (`#shared/*`), parsed as the web app parses them. */
export const Session = SessionReply;
export type Session = z.infer<typeof Session>;
export type Organization = OrganizationDto;
export type Folder = FolderDto;
export type Guide = GuideDto;
export type Upload = UploadDto;

export const getSession = () => call(SessionReply, 'GET', '/api/auth/get-session');
export const listOrganizations = () => call(z.array(OrganizationDto), 'GET', '/api/auth/organization/list');
export const setActiveOrganization = (organizationId: string) => call(FullOrganizationDto.nullable(), 'POST', '/api/auth/organization/set-active', { organizationId });
export const listFolders = () => call(FolderListDto, 'GET', '/api/folders');
// The title is the first page's: the smart transcript replaces it with one from the task.
export const createGuide = (title: string, folderId: string | undefined) => call(GuideDto, 'POST', '/api/guides', { title, autoTitle: true, ...(folderId ? { folderId } : {}) });
export const getGuide = (id: string) => call(GuideDto, 'GET', `/api/guides/${encodeURIComponent(id)}`);
export const deleteGuide = (id: string) => call(z.null(), 'DELETE', `/api/guides/${encodeURIComponent(id)}`);
export const deleteSlide = (guideId: string, slideId: string) => call(z.null(), 'DELETE', `/api/guides/${encodeURIComponent(guideId)}/slides/${encodeURIComponent(slideId)}`);
export const findGuides = (title: string) =>
  call(GuideListDto, 'GET', `/api/guides?${new URLSearchParams({ q: title.slice(0, 100), limit: '50' }).toString()}`).then((r) => r.items);
export const createUpload = (guideId: string, contentType: ScreenshotContentType, contentLength: number) =>
  call(UploadDto, 'POST', `/api/guides/${encodeURIComponent(guideId)}/uploads`, { contentType, contentLength });
export const createSlide = (guideId: string, body: { screenshotKey: string; capture: CaptureMeta; click?: { x: number; y: number }; order: number }) =>
  call(SlideDto, 'POST', `/api/guides/${encodeURIComponent(guideId)}/slides`, body);

/** The presigned POST straight to the bucket: the policy's fields, then the file. */
export async function postScreenshot(upload: Upload, blob: Blob): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', blob);
  let response: Response;
  try {
    response = await fetch(upload.url, { method: 'POST', body: form, credentials: 'omit', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new ApiError(undefined, undefined, 'The screenshot upload did not reach storage.');
  }
  if (!response.ok) throw new ApiError(response.status >= 500 ? response.status : 503, undefined, `Storage refused the screenshot (${response.status}).`);
}

const SiteSession = z.object({ id: z.string(), origin: z.string(), cookieCount: z.number(), expiresAt: z.string() });
export type SiteSession = z.infer<typeof SiteSession>;
/** Saves a site's sign-in for drift checks (the server keeps the cookies of that origin only, sealed). */
export const saveSiteSession = (body: { origin: string; cookies: unknown[] }) => call(SiteSession, 'POST', '/api/site-sessions', body);
