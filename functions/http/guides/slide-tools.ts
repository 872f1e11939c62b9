// Slide operations of the design view: split, merge, and a screenshot replaced, cropped or put back.
import { SlidePath } from '#shared/guides';
import { ScreenshotChangeBody, SplitSlideBody } from '#shared/slide-tools';
import { defineHandler } from '../../core/http';
import { Revision } from '../../domain/guide-store';
import { SlideMerge, SlideScreenshot, SlideSplit } from '../../domain/guides';
import { expectedRevision, revised } from '../revision';
import { requireMember } from '../actor';

// POST /api/guides/{id}/slides/{slideId}/split — the narration in two slides at `at` (or the middle sentence end); the second shows the same screenshot
export const splitSlide = defineHandler({ params: SlidePath, body: SplitSlideBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  const { result, revision } = await Revision.write(member.orgId, params.id, expectedRevision(event), () => SlideSplit.split(member.orgId, params.id, params.slideId, body.at));
  return revised(201, result, revision);
});

// POST /api/guides/{id}/slides/{slideId}/merge — the slide takes in the next one's words; the next is removed (kept for an undo)
export const mergeSlide = defineHandler({ params: SlidePath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  const { result, revision } = await Revision.write(member.orgId, params.id, expectedRevision(event), () => SlideMerge.merge(member, params.id, params.slideId));
  return revised(200, result, revision);
});

// POST /api/guides/{id}/slides/{slideId}/screenshot — replace with an upload, crop (sharp), or revert to a previous one; the old one leaves reach
export const changeScreenshot = defineHandler({ params: SlidePath, body: ScreenshotChangeBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  const { result, revision } = await Revision.write(member.orgId, params.id, expectedRevision(event), () => SlideScreenshot.change(member.orgId, params.id, params.slideId, body));
  return revised(200, result, revision);
});
