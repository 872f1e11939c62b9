// Redaction: baking boxes into a slide's screenshot.
import { SlidePath } from '#shared/guides';
import { RedactSlideBody } from '#shared/redaction-boxes';
import { defineHandler } from '../../core/http';
import { Redaction } from '../../domain/guides';
import { Revision } from '../../domain/guide-store';
import { requireMember } from '../actor';
import { expectedRevision, revised } from '../revision';

// POST /api/guides/{id}/slides/{slideId}/redact — bake blur, pixelate or solid boxes into the screenshot; the original is deleted (If-Match: the guide revision it was made from)
export const redactSlide = defineHandler({ params: SlidePath, body: RedactSlideBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  const { result, revision } = await Revision.write(member.orgId, params.id, expectedRevision(event), () => Redaction.apply(member.orgId, params.id, params.slideId, body.boxes));
  return revised(200, result, revision);
});
