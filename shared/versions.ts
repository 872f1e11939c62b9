import * as z from 'zod';
import { GuideId } from './guides';

/**
 * Drafts and versions. The design view edits a guide's draft (its live slides); "Publish changes"
 * takes a numbered snapshot, a version, which the share link, the embed, the social preview and
 * exports serve until the next publish. "Discard draft" puts the published version back as the
 * draft; "Restore" makes an older version the draft (viewers see it only once published). Each of
 * these carries the revision it was made from (`If-Match`): a stale one is refused with 412.
 */
export const VersionNumber = z.coerce.number().int('Not a valid version number.').min(1, 'Not a valid version number.').max(999_999, 'Not a valid version number.');
export const VersionPath = z.object({ id: GuideId, version: VersionNumber });

export const VersionDto = z.object({
  version: z.number().int(),
  publishedAt: z.string(),
  publishedBy: z.object({ id: z.string(), name: z.string() }),
  title: z.string(),
  slideCount: z.number().int(),
  /** the version the share link serves now */
  current: z.boolean(),
});
export type VersionDto = z.infer<typeof VersionDto>;

export const VersionListDto = z.object({ items: z.array(VersionDto) });
export type VersionListDto = z.infer<typeof VersionListDto>;

/** The state the design view shows: "Published · v3", "Unpublished changes", "Not published yet". */
/** Why a guide without steps is not published: the server's refusal (409) and the editor's hint say the same. */
export const NO_STEPS_TO_PUBLISH = 'A guide with no steps cannot be published. Add a step first.';

/** Whether a guide may be published: it needs a step to show. */
export function canPublishSteps(slideCount: number): boolean {
  return slideCount > 0;
}

export function publishState(guide: { status: 'draft' | 'published'; publishedVersion: number | null; hasUnpublishedChanges: boolean }): string {
  if (guide.publishedVersion === null) return guide.status === 'published' ? 'Published · live edits' : 'Not published yet';
  if (guide.status !== 'published') return 'Not published: the link is off';
  return guide.hasUnpublishedChanges ? 'Unpublished changes' : `Published · v${guide.publishedVersion}`;
}
