// Slides and screenshot uploads.
import { CreateSlideBody, GuidePath, SlidePath, UpdateSlideBody, UploadBody } from '#shared/guides';
import { Reply, defineHandler } from '../../core/http';
import { RestoreSlideBody } from '#shared/slide-restore';
import * as Guide from '../../domain/guide';
import * as SlideRestore from '../../domain/slide-restore';
import { requireMember } from '../actor';

// POST /api/guides/{id}/slides — add a slide (appended when no order); a screenshot key is checked first
export const addSlide = defineHandler({ params: GuidePath, body: CreateSlideBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  return new Reply(201, await Guide.addSlide(member.orgId, params.id, body));
});

// PATCH /api/guides/{id}/slides/{slideId} — edit text, overrides or click; `order` moves it
export const updateSlide = defineHandler({ params: SlidePath, body: UpdateSlideBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  return Guide.updateSlide(member.orgId, params.id, params.slideId, body);
});

// DELETE /api/guides/{id}/slides/{slideId} — remove a slide and its screenshot (the guide's creator, an admin or an owner)
export const deleteSlide = defineHandler({ params: SlidePath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  await Guide.removeSlide(member, params.id, params.slideId);
  return new Reply(204);
});

// POST /api/guides/{id}/uploads — a presigned POST for one screenshot: { url, fields, key }
export const createUpload = defineHandler({ params: GuidePath, body: UploadBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  return Guide.presignUpload(member.orgId, params.id, body.contentType, body.contentLength);
});

// POST /api/guides/{id}/slides/{slideId}/restore — bring back a deleted slide whole (undo), after `afterSlideId`
export const restoreSlide = defineHandler({ params: SlidePath, body: RestoreSlideBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  return new Reply(201, await SlideRestore.restore(member, params.id, params.slideId, body.afterSlideId));
});
