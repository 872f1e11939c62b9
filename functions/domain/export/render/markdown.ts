import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { zipSync, type Zippable } from 'fflate';
import { PRODUCT_NAME } from '#shared/product';
import { plainText, splitBold } from '#shared/step-markup';
import type { ExportGuide } from '../source';
import { annotatedScreenshot } from './images';
import { inParallel, renderLanes } from './tools';
import type { RenderContext, RenderResult } from './types';

/**
 * The Markdown export: a .zip with `guide.md` and `images/`, written to read well on GitHub: the
 * title, a numbered list of the steps, then a heading per step with its narration and its
 * screenshot (the highlight ring drawn at the click).
 */

/** Text as Markdown shows it literally: the characters that would start markup are escaped. */
export function escapeMarkdown(text: string): string {
  return escapeLineStart(escapeInline(text.replace(/\s+/g, ' ').trim()));
}

/** What would start a heading or a list at the beginning of a line: `\#`, `\-`, `1\.`. */
function escapeLineStart(text: string): string {
  return text.replace(/^[#+-]/, (m) => `\\${m}`).replace(/^(\d+)([.)])/, (_m, digits: string, mark: string) => `${digits}\\${mark}`);
}

function escapeInline(text: string): string {
  return text
    .replace(/[\\`*_[\]{}|~]/g, (c) => `\\${c}`)
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** A step text with its `**bold**` markup kept as Markdown bold and everything else literal. */
export function stepMarkdown(text: string): string {
  const markdown = splitBold(text.replace(/\s+/g, ' ').trim())
    .map((run) => {
      if (!run.bold) return escapeInline(run.text);
      // Bold only renders when `**` hugs the text: spaces go outside.
      const [, lead, inner, trail] = /^(\s*)(.*?)(\s*)$/.exec(run.text)!;
      return inner ? `${lead}**${escapeInline(inner)}**${trail}` : run.text;
    })
    .join('');
  return escapeLineStart(markdown);
}

/** A link target inside `(…)`: what would end it or break the line is percent-encoded. */
function linkTarget(url: string): string {
  return url.replace(/[\s()<>]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/**
 * The guide as Markdown. With a brand (issue 32): its logo (`logoName`, in images/) heads the file,
 * and "Made with Stepcast" closes it unless the brand turned the badge off (which also drops
 * "exported from Stepcast" from the count line).
 */
export function guideMarkdown(
  guide: Pick<ExportGuide, 'title' | 'slides' | 'introCard' | 'outroCard' | 'brand'>,
  imageNames: ReadonlyArray<string | null>,
  logoName?: string | null,
): string {
  const steps = guide.slides.map((slide, i) => stepMarkdown(slide.text ?? '') || `Step ${i + 1}`);
  const badge = guide.brand?.showBadge !== false;
  const count = `${guide.slides.length} ${guide.slides.length === 1 ? 'step' : 'steps'}`;
  const lines = [
    ...(logoName ? [`![Logo](images/${logoName})`, ''] : []),
    `# ${escapeMarkdown(guide.title)}`,
    '',
    badge ? `${count}, exported from ${PRODUCT_NAME}.` : `${count}.`,
    '',
  ];
  if (guide.introCard) {
    lines.push(`**${escapeMarkdown(guide.introCard.title)}**`, '');
    if (guide.introCard.subtitle) lines.push(escapeMarkdown(guide.introCard.subtitle), '');
  }
  steps.forEach((step, i) => lines.push(`${i + 1}. ${step}`));
  for (const slide of guide.slides) {
    const i = slide.index;
    lines.push('', `## Step ${i + 1}: ${steps[i]}`, '');
    if (slide.narration?.trim()) lines.push(escapeMarkdown(slide.narration), '');
    const image = imageNames[i];
    if (image) lines.push(`![Step ${i + 1}: ${escapeMarkdown(plainText(slide.text ?? ''))}](images/${image})`, '');
  }
  if (guide.outroCard) {
    lines.push('', `## ${escapeMarkdown(guide.outroCard.title)}`, '');
    const cta = guide.outroCard.cta;
    if (cta) lines.push(`[${escapeMarkdown(cta.label)}](${linkTarget(cta.url)})`, '');
  }
  if (guide.brand && badge) lines.push('', '---', '', `Made with ${PRODUCT_NAME}`);
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}

function assetExtension(contentType: string): string {
  return contentType === 'image/jpeg' ? 'jpg' : contentType === 'image/webp' ? 'webp' : 'png';
}

export async function renderMarkdown(guide: ExportGuide, ctx: RenderContext): Promise<RenderResult> {
  let done = 0;
  const images = await inParallel(
    guide.slides.map((slide) => async () => {
      const image = slide.screenshot
        ? await annotatedScreenshot(slide.screenshot.bytes, slide.highlight ? slide.click : null, { maxWidth: 1600, format: 'png', annotations: slide.annotations })
        : null;
      ctx.onProgress((0.9 * ++done) / guide.slides.length);
      return image;
    }),
    renderLanes() * 2,
  );
  const names = images.map((image, i) => (image ? `step-${String(i + 1).padStart(2, '0')}.png` : null));
  const logoName = guide.logo ? `logo.${assetExtension(guide.logo.contentType)}` : null;
  const files: Zippable = { 'guide.md': new TextEncoder().encode(guideMarkdown(guide, names, logoName)) };
  const folder: Zippable = {};
  if (guide.logo && logoName) folder[logoName] = [new Uint8Array(guide.logo.bytes), { level: 0 }];
  images.forEach((image, i) => {
    // PNGs are compressed already: stored, not deflated again.
    if (image) folder[names[i]!] = [new Uint8Array(image.bytes), { level: 0 }];
  });
  if (Object.keys(folder).length > 0) files.images = folder;
  const file = path.join(ctx.workDir, 'guide.zip');
  await writeFile(file, zipSync(files, { level: 6, mtime: new Date() }));
  ctx.onProgress(1);
  return { file, extension: 'zip' };
}
