import { AppError } from '#shared/errors';
import { orderBetween } from '#shared/order';
import { db } from '../db/service';
import { newGuideId, newId } from './ids';

export interface NewGuide {
  orgId: string;
  createdBy: string;
  title: string;
  folderId?: string;
  status?: 'draft' | 'published';
  visibility?: 'public' | 'private';
  /** a fixed id (seeded guides keep theirs across machines); new guides get a random one */
  guideId?: string;
  slideCount?: number;
  thumbnailKey?: string;
}

/** Creates a guide; the id's condition makes a collision a conflict rather than an overwrite. */
export async function create(input: NewGuide) {
  const { data } = await db()
    .entities.guide.create({
      guideId: input.guideId ?? newGuideId(),
      orgId: input.orgId,
      createdBy: input.createdBy,
      title: input.title.trim(),
      ...(input.folderId ? { folderId: input.folderId } : {}),
      status: input.status ?? 'draft',
      visibility: input.visibility ?? 'public',
      slideCount: input.slideCount ?? 0,
      ...(input.thumbnailKey ? { thumbnailKey: input.thumbnailKey } : {}),
    })
    .go();
  return data;
}

/** A guide by id, only inside its organisation: another organisation's guide is not found. */
export async function fromId({ orgId, guideId }: { orgId: string; guideId: string }) {
  const { data } = await db().entities.guide.get({ guideId }).go();
  if (!data || data.orgId !== orgId) throw new AppError('not_found', 'Guide not found.');
  return data;
}

export async function exists(guideId: string): Promise<boolean> {
  const { data } = await db().entities.guide.get({ guideId }).go({ attributes: ['guideId'] });
  return data !== null;
}

export interface NewSlide {
  orgId: string;
  guideId: string;
  slideId?: string;
  order?: number;
  title?: string;
  text?: string;
  narration?: string;
  screenshotKey?: string;
  width?: number;
  height?: number;
  click?: { x: number; y: number };
}

/** Writes a slide; without an order it goes after `afterOrder` (the caller's last slide). */
export async function putSlide(input: NewSlide, afterOrder?: number) {
  const { data } = await db()
    .entities.slide.create({
      guideId: input.guideId,
      slideId: input.slideId ?? newId(),
      orgId: input.orgId,
      order: input.order ?? orderBetween(afterOrder, undefined),
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.text !== undefined ? { text: input.text } : {}),
      ...(input.narration !== undefined ? { narration: input.narration } : {}),
      ...(input.screenshotKey ? { screenshotKey: input.screenshotKey } : {}),
      ...(input.width !== undefined ? { width: input.width } : {}),
      ...(input.height !== undefined ? { height: input.height } : {}),
      ...(input.click ? { click: input.click } : {}),
    })
    .go();
  return data;
}
