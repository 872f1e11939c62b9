import * as z from 'zod';
import { PENDING_UPLOAD_EXPIRY_DAYS } from './assets';
import { SlideId } from './guides';

/**
 * Bringing back a deleted slide (the design view's undo of a delete). A deleted slide is kept,
 * whole, for RESTORE_WINDOW_HOURS: its words, settings and voiceover in the table, its screenshot
 * and audio moved where nothing serves them (the uploads' area, which storage empties by itself
 * after the same time). Restoring puts all of it back.
 */
export const RESTORE_WINDOW_HOURS = PENDING_UPLOAD_EXPIRY_DAYS * 24;

/**
 * POST /api/guides/{id}/slides/{slideId}/restore: where the slide goes back, after the slide
 * named (null: first); without it, at its old place among the others.
 */
export const RestoreSlideBody = z.object({ afterSlideId: SlideId.nullable().optional() }).strict();
export type RestoreSlideBody = z.infer<typeof RestoreSlideBody>;
