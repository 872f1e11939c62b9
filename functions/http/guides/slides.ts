// Slides and screenshot uploads.
import { CreateSlideBody, GuidePath, SlidePath, UpdateSlideBody, UploadBody } from '#shared/guides';
import { Reply, defineHandler } from '../../core/http';
import { RestoreSlideBody } from '#shared/slide-restore';
import { Revision } from '../../domain/guide-store';
import { Slide, SlideDuplicate, SlideRestore } from '../../domain/guides';
import { expectedRevision, revised } from '../revision';
import { requireMember } from '../actor';

// POST /api/guides/{id}/slides — add a slide (appended when no order); a screenshot key is checked first
export const addSlide = defineHandler({ params: GuidePath, body: CreateSlideBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  const expected = expectedRevision(event);
  // Appending (capture, uploads) overwrites nothing another copy shows: only a checked add moves the revision.
  if (expected === undefined) return new Reply(201, await Slide.addSlide(member.orgId, params.id, body));
  const { result, revision } = await Revision.write(member.orgId, params.id, expected, () => Slide.addSlide(member.orgId, params.id, body));
  return revised(201, result, revision);
});

// PATCH /api/guides/{id}/slides/{slideId} — edit text, overrides or click; `order` moves it (`base`: the values it was made from, checked per field)
export const updateSlide = defineHandler({ params: SlidePath, body: UpdateSlideBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  const { base, ...changes } = body;
  const { result, revision } = await Revision.write(member.orgId, params.id, expectedRevision(event), () => Slide.updateSlide(member.orgId, params.id, params.slideId, changes, base));
  return revised(200, result, revision);
});

// DELETE /api/guides/{id}/slides/{slideId} — remove a slide and its screenshot (the guide's creator, an admin or an owner)
export const deleteSlide = defineHandler({ params: SlidePath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  const { revision } = await Revision.write(member.orgId, params.id, expectedRevision(event), () => Slide.removeSlide(member, params.id, params.slideId));
  return revised(204, undefined, revision);
});

// POST /api/guides/{id}/uploads — a presigned POST for one screenshot: { url, fields, key }
export const createUpload = defineHandler({ params: GuidePath, body: UploadBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  return Slide.presignUpload(member.orgId, params.id, body.contentType, body.contentLength);
});

// POST /api/guides/{id}/slides/{slideId}/restore — bring back a deleted slide whole (undo), after `afterSlideId`
export const restoreSlide = defineHandler({ params: SlidePath, body: RestoreSlideBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  const { result, revision } = await Revision.write(member.orgId, params.id, expectedRevision(event), () =>
    SlideRestore.restore(member, params.id, params.slideId, body.afterSlideId),
  );
  return revised(201, result, revision);
});

// POST /api/guides/{id}/slides/{slideId}/duplicate — a copy of the slide right after it (If-Match: the guide revision it was made from)
export const duplicateSlide = defineHandler({ params: SlidePath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  const { result, revision } = await Revision.write(member.orgId, params.id, expectedRevision(event), () => SlideDuplicate.duplicate(member.orgId, params.id, params.slideId));
  return revised(201, result, revision);
});
