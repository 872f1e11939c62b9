// Slides and screenshot uploads.
import { CreateSlideBody, GuidePath, SlidePath, UpdateSlideBody, UploadBody } from '#shared/guides';
import { Reply, defineHandler } from '../../core/http';
import * as Slide from '../../domain/slide';
import { requireMember } from '../actor';

// POST /api/guides/{id}/slides — add a slide (appended when no order); a screenshot key is checked first
export const addSlide = defineHandler({ params: GuidePath, body: CreateSlideBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  return new Reply(201, await Slide.addSlide(member.orgId, params.id, body));
});

// PATCH /api/guides/{id}/slides/{slideId} — edit text, overrides or click; `order` moves it
export const updateSlide = defineHandler({ params: SlidePath, body: UpdateSlideBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  return Slide.updateSlide(member.orgId, params.id, params.slideId, body);
});

// DELETE /api/guides/{id}/slides/{slideId} — remove a slide and its screenshot (the guide's creator, an admin or an owner)
export const deleteSlide = defineHandler({ params: SlidePath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  await Slide.removeSlide(member, params.id, params.slideId);
  return new Reply(204);
});

// POST /api/guides/{id}/uploads — a presigned POST for one screenshot: { url, fields, key }
export const createUpload = defineHandler({ params: GuidePath, body: UploadBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  return Slide.presignUpload(member.orgId, params.id, body.contentType, body.contentLength);
});
