import sharp from 'sharp';
import * as z from 'zod';
import { AppError } from '#shared/errors';
import { SCREENSHOT_HISTORY, clampCrop, cropClick, type ScreenshotChangeBody, type ScreenshotChangeDto } from '#shared/slide-tools';
import { db } from '../../db/service';
import { Asset } from '../platform';
import { type Guide, keptAssetKeys, loadGuide, loadInOrg, type Slide } from '../guide-store';
import * as Screenshot from './screenshot';
import * as SlideModule from './slide';
import { slideDto } from './slide-dto';

/**
 * A slide's screenshot changed: replaced by an upload, cropped on the server (a new
 * content-addressed key), or put back as it was (the design view's undo and redo). The screenshot
 * it leaves is out of reach at once: parked where nothing serves it (unless another slide of the
 * guide or a published version shows it), and kept on the slide's short list of previous screenshots so that an undo
 * can bring it back; the uploads' area removes parked objects for good when the window ends.
 */
const Shown = z.object({
  key: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  click: z.object({ x: z.number(), y: z.number() }).nullable(),
});
type Shown = z.infer<typeof Shown>;

export function previousOf(slide: Slide): Shown[] {
  const parsed = z.array(Shown).safeParse((slide as { previousScreenshots?: unknown }).previousScreenshots);
  return parsed.success ? parsed.data : [];
}

function shownBy(slide: Slide): Shown {
  return { key: slide.screenshotKey ?? null, width: slide.width ?? null, height: slide.height ?? null, click: slide.click ? { x: slide.click.x, y: slide.click.y } : null };
}

const EXTENSION_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

async function cropped(guide: Guide, current: Shown, body: Extract<ScreenshotChangeBody, { kind: 'crop' }>): Promise<Shown> {
  if (!current.key || !current.width || !current.height) {
    throw new AppError('validation_failed', 'This step has no screenshot to crop.', { rect: 'This step has no screenshot.' });
  }
  const rect = clampCrop(body.rect, { width: current.width, height: current.height });
  if (!rect || rect.width < 16 || rect.height < 16) {
    throw new AppError('validation_failed', 'The crop must keep at least 16 × 16 pixels of the screenshot.', { rect: 'Crop inside the screenshot.' });
  }
  const extension = current.key.slice(current.key.lastIndexOf('.') + 1) as keyof typeof EXTENSION_TYPES;
  const contentType = EXTENSION_TYPES[extension] ?? 'image/png';
  const source = await Asset.read(current.key);
  const image = sharp(source).extract({ left: rect.x, top: rect.y, width: rect.width, height: rect.height });
  const bytes = await (contentType === 'image/jpeg' ? image.jpeg({ quality: 90 }) : contentType === 'image/webp' ? image.webp({ quality: 90 }) : image.png()).toBuffer();
  const key = Asset.contentKey(Asset.guidePrefix(guide.orgId, guide.guideId), bytes, EXTENSION_TYPES[extension] ? extension : 'png');
  await Asset.put(key, bytes, contentType);
  return { key, width: rect.width, height: rect.height, click: cropClick(current.click, rect) };
}

async function replaced(guide: Guide, current: Shown, pendingKey: string): Promise<Shown> {
  if (!pendingKey.startsWith(Asset.pendingPrefix(guide.orgId, guide.guideId))) throw new AppError('not_found', 'The screenshot was not uploaded.');
  const size = await Screenshot.verifyScreenshot(pendingKey);
  const key = await Asset.claimPending(pendingKey, guide.visibility);
  // The click stays where it was when the new screenshot still has that place.
  const click = current.click && current.click.x < size.width && current.click.y < size.height ? current.click : null;
  return { key, width: size.width, height: size.height, click };
}

export async function change(orgId: string, guideId: string, slideId: string, body: ScreenshotChangeBody): Promise<ScreenshotChangeDto> {
  const { guide, slides } = await loadInOrg(orgId, guideId);
  const slide = slides.find((s) => s.slideId === slideId);
  if (!slide) throw new AppError('not_found', 'Slide not found.');
  const current = shownBy(slide);
  const previous = previousOf(slide);
  const others = slides.filter((s) => s.slideId !== slideId);
  // A picture another slide or a published version shows stays where it is served.
  const kept = await keptAssetKeys(guide);
  const elsewhere = (key: string | null) => !!key && (kept.has(key) || others.some((s) => s.screenshotKey === key));

  let next: Shown;
  let history: Shown[];
  if (body.kind === 'revert') {
    const index = previous.findIndex((shown) => shown.key === body.screenshotKey);
    const target = previous[index];
    if (!target) throw new AppError('not_found', 'This step never showed that screenshot, or it was too long ago.');
    if (target.key && !elsewhere(target.key) && !(await Asset.unpark(target.key, guide.visibility))) {
      throw new AppError('gone', 'That screenshot was removed for good and cannot come back.');
    }
    next = target;
    history = previous.filter((_, i) => i !== index);
  } else {
    next = body.kind === 'crop' ? await cropped(guide, current, body) : await replaced(guide, current, body.screenshotKey);
    history = previous.filter((shown) => shown.key !== next.key);
  }
  if (current.key !== next.key) history = [current, ...history].slice(0, SCREENSHOT_HISTORY);

  let patch = db()
    .entities.slide.patch({ guideId, slideId })
    .set({ previousScreenshots: history, ...(next.key ? { screenshotKey: next.key } : {}), ...(next.width && next.height ? { width: next.width, height: next.height } : {}), ...(next.click ? { click: next.click } : {}) });
  const cleared: Array<'screenshotKey' | 'width' | 'height' | 'click'> = [];
  if (!next.key) cleared.push('screenshotKey', 'width', 'height');
  if (!next.click) cleared.push('click');
  if (cleared.length > 0) patch = patch.remove(cleared);
  await patch.go();
  if (current.key && current.key !== next.key && !elsewhere(current.key)) await Asset.park(current.key, guide.visibility);

  await SlideModule.refreshSummary(guideId);
  const { guide: fresh, slides: after } = await loadGuide(guideId);
  const stored = after.find((s) => s.slideId === slideId);
  if (!fresh || !stored) throw new AppError('not_found', 'Slide not found.');
  return { slide: await slideDto(fresh, stored), previousKey: current.key };
}

/**
 * Forgets the earlier screenshots of the slides now showing `key` (a picture just redacted): an
 * uncropped or replaced original may show what the redaction covers, so none stays reachable
 * through an undo. What another slide or a published version shows stays.
 */
export async function forgetHistoryOf(guideId: string, key: string): Promise<void> {
  const { guide, slides } = await loadGuide(guideId);
  if (!guide) return;
  const kept = await keptAssetKeys(guide);
  for (const slide of slides.filter((s) => s.screenshotKey === key)) {
    const previous = previousOf(slide);
    if (previous.length === 0) continue;
    await db().entities.slide.patch({ guideId, slideId: slide.slideId }).set({ previousScreenshots: [] }).go();
    for (const shown of previous) {
      if (shown.key && !kept.has(shown.key) && !slides.some((s) => s.screenshotKey === shown.key)) await Asset.purge(shown.key);
    }
  }
}
