import type { GuideDto, GuideSummaryDto } from '#shared/guides';
import { DEFAULT_LANGUAGE, DEFAULT_SPEECH_RATE } from '#shared/narration';
import { NO_FOLDER } from '../../db/entities/guide';
import { Asset } from '../platform';
import {
  type Guide,
  GuideCards,
  hasUnpublishedChanges as contentChanged,
  loadInOrg,
  type Slide,
  TranslationPublishing,
} from '../guide-store';
import { slideDto } from './slide-dto';

/**
 * A guide as the API answers it. Apart from guide.ts, so that what only reads a guide back (the
 * transcript, the narration function) does not carry guide.ts's writes and, through them, the
 * social image (sharp) into its Lambda bundle.
 */
export async function summaryDto(guide: Guide): Promise<GuideSummaryDto> {
  return {
    id: guide.guideId,
    title: guide.title,
    folderId: guide.folderId === NO_FOLDER ? null : guide.folderId,
    status: guide.status,
    visibility: guide.visibility,
    slideCount: guide.slideCount,
    thumbnailUrl: guide.thumbnailKey ? await Asset.urlFor(guide, guide.thumbnailKey) : null,
    createdBy: guide.createdBy,
    createdAt: new Date(guide.createdAt).toISOString(),
    updatedAt: new Date(guide.updatedAt).toISOString(),
  };
}

/** The fields an edit may change, as the API answers them: what an edit's `base` is compared with (shared/revision.ts). */
export function editableGuideFields(guide: Guide) {
  return {
    title: guide.title,
    zoomLevel: guide.zoomLevel,
    isHighlightVisible: guide.isHighlightVisible,
    indexable: guide.indexable === true,
    voiceId: guide.voiceId ?? null,
    speechRate: guide.speechRate ?? DEFAULT_SPEECH_RATE,
    language: guide.language ?? DEFAULT_LANGUAGE,
    intro: guide.intro ?? null,
    outro: guide.outro ?? null,
    ...GuideCards.fromGuide(guide),
  };
}

export async function guideDto(guide: Guide, slides: Slide[]): Promise<GuideDto> {
  return {
    ...(await summaryDto(guide)),
    ...editableGuideFields(guide),
    voiceoverJobId: guide.voiceoverJobId ?? null,
    revision: guide.revision ?? 0,
    publishedVersion: guide.publishedVersion ?? null,
    hasUnpublishedChanges: hasUnpublishedChanges(guide, slides),
    slides: await Promise.all(slides.map((slide) => slideDto(guide, slide))),
  };
}

/** The full guide DTO of an organisation's guide. */
export async function detail(orgId: string, guideId: string): Promise<GuideDto> {
  const { guide, slides } = await loadInOrg(orgId, guideId);
  return guideDto(guide, slides);
}

/** Whether a draft differs from the version it was published as: its own content, or what a language's viewers would get. */
export function hasUnpublishedChanges(guide: Guide, slides: readonly Slide[]): boolean {
  if (guide.publishedVersion === undefined) return false;
  return contentChanged(guide, slides) || TranslationPublishing.changedSincePublished(guide, slides);
}
