import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFArray, PDFDocument, PDFHexString, PDFName, PDFNull, PDFNumber, PDFString, rgb, type PDFFont, type PDFImage, type PDFPage, type PDFRef } from 'pdf-lib';
import type { PdfExportOptions } from '#shared/exports';
import { PRODUCT_NAME } from '#shared/product';
import type { BrandFont, ShownBrand } from '#shared/brand-look';
import { plainText, splitBold } from '#shared/step-markup';
import type { ExportGuide, ExportSlide } from '../source';
import sharp from 'sharp';
import { encodePixels, screenshotPixels, type Pixels } from './images';
import { emojiFontPath, fontPath, inParallel, renderLanes } from './tools';
import type { RenderContext, RenderResult } from './types';

/**
 * The PDF: a title page, then the steps in order, each with its number, its text (real,
 * selectable text in an embedded, subset font), its narration and its screenshot with the
 * highlight ring drawn at the click as a vector. A4 or Letter.
 */
export const PAGE_SIZES = { a4: [595.28, 841.89], letter: [612, 792] } as const;

const MARGIN = 48;
/** the contents page's heading and each of its lines, in points */
const CONTENTS_HEAD = 40;
const CONTENTS_LINE = 18;
/** between the full screenshot and its zoomed crop, side by side */
const PICTURE_GAP = 12;

/**
 * A crop of the (annotated) screenshot around the click, as the player zooms: the step's zoom,
 * at least 2×, its window slid back inside the picture near an edge; drawn as large as the full one.
 * Cut from the pixels the full picture is encoded from, so the screenshot is decoded once.
 */
async function zoomedCrop(
  pixels: Pixels,
  click: { x: number; y: number },
  size: { width: number; height: number },
  zoomLevel: number,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  const zoom = Math.max(2, zoomLevel);
  const width = size.width / zoom;
  const height = size.height / zoom;
  const x = Math.min(size.width - width, Math.max(0, click.x - width / 2));
  const y = Math.min(size.height - height, Math.max(0, click.y - height / 2));
  // the pixels may be fewer than the capture's (at most 1,600 wide): crop in their own
  const fx = pixels.width / size.width;
  const fy = pixels.height / size.height;
  const region = { left: Math.round(x * fx), top: Math.round(y * fy), width: Math.max(1, Math.round(width * fx)), height: Math.max(1, Math.round(height * fy)) };
  region.width = Math.min(region.width, pixels.width - region.left);
  region.height = Math.min(region.height, pixels.height - region.top);
  const bytes = await encodePixels(pixels, { format: 'jpeg', region, quality: 88, optimiseCoding: false });
  return { bytes, width: pixels.width, height: pixels.height };
}
const INK = rgb(0.06, 0.09, 0.16);
const MUTED = rgb(0.33, 0.36, 0.45);
const BRAND = rgb(0.263, 0.22, 0.792);

/** A #rrggbb brand colour as pdf-lib draws it. */
function rgbOf(hex: string): ReturnType<typeof rgb> {
  return rgb(parseInt(hex.slice(1, 3), 16) / 255, parseInt(hex.slice(3, 5), 16) / 255, parseInt(hex.slice(5, 7), 16) / 255);
}

/** The DejaVu face nearest a brand's font stack (shared/brand-look.ts): the two sans stacks share DejaVu Sans. */
const PDF_FONTS: Record<BrandFont, { regular: Parameters<typeof fontPath>[0]; bold: Parameters<typeof fontPath>[0] }> = {
  system: { regular: 'regular', bold: 'bold' },
  humanist: { regular: 'regular', bold: 'bold' },
  serif: { regular: 'serif', bold: 'serifBold' },
  mono: { regular: 'mono', bold: 'monoBold' },
};
const RING = rgb(0.984, 0.443, 0.522);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  /** characters neither DejaVu nor the emoji font can draw become "?" instead of failing or drawing boxes */
  clean: (text: string) => string;
  /** the text's pieces with the font that draws each: DejaVu (bold or not), or the emoji font for what DejaVu lacks */
  pieces: (text: string, bold: boolean) => Array<{ text: string; font: PDFFont }>;
  /** a text's width in one font at a size, each measured once a document (a measure lays the text out with fontkit) */
  width: (font: PDFFont, text: string, size: number) => number;
}

/** The width of a text in points, each piece in its own font. */
function widthOf(fonts: Fonts, text: string, bold: boolean, size: number): number {
  return fonts.pieces(text, bold).reduce((sum, piece) => sum + fonts.width(piece.font, piece.text, size), 0);
}

/** Draws a text from (x, y), each piece in its own font; answers where it ends. */
function drawPieces(page: PDFPage, fonts: Fonts, text: string, bold: boolean, at: { x: number; y: number; size: number; colour: ReturnType<typeof rgb> }): number {
  let x = at.x;
  for (const piece of fonts.pieces(text, bold)) {
    page.drawText(piece.text, { x, y: at.y, size: at.size, font: piece.font, color: at.colour });
    x += fonts.width(piece.font, piece.text, at.size);
  }
  return x;
}

type Run = { text: string; bold: boolean };

/** Words of runs laid into lines no wider than `width`. */
function wrap(runs: Run[], fonts: Fonts, size: number, width: number): Run[][] {
  const lines: Run[][] = [];
  let line: Run[] = [];
  let lineWidth = 0;
  const space = fonts.width(fonts.regular, ' ', size);
  for (const run of runs) {
    const measure = (text: string) => widthOf(fonts, text, run.bold, size);
    for (const word of run.text.split(/\s+/).filter(Boolean)) {
      let w = measure(word);
      let piece = word;
      // A word longer than the line is cut where it must be.
      while (w > width && piece.length > 1) {
        let cut = piece.length - 1;
        while (cut > 1 && measure(piece.slice(0, cut)) > width) cut--;
        if (line.length > 0) lines.push(line);
        lines.push([{ text: piece.slice(0, cut), bold: run.bold }]);
        line = [];
        lineWidth = 0;
        piece = piece.slice(cut);
        w = measure(piece);
      }
      const extra = line.length > 0 ? space : 0;
      if (lineWidth + extra + w > width && line.length > 0) {
        lines.push(line);
        line = [];
        lineWidth = 0;
      }
      line.push({ text: (line.length > 0 ? ' ' : '') + piece, bold: run.bold });
      lineWidth += (line.length > 1 ? space : 0) + w;
    }
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

function drawLines(page: PDFPage, lines: Run[][], fonts: Fonts, options: { x: number; y: number; size: number; colour: ReturnType<typeof rgb>; lineHeight: number }): number {
  let y = options.y;
  for (const line of lines) {
    let x = options.x;
    y -= options.size;
    for (const run of line) x = drawPieces(page, fonts, run.text, run.bold, { x, y, size: options.size, colour: options.colour });
    y -= options.lineHeight - options.size;
  }
  return y;
}

async function embedFonts(doc: PDFDocument, brand?: ShownBrand): Promise<Fonts> {
  doc.registerFontkit(fontkit);
  const files = PDF_FONTS[brand?.font ?? 'system'];
  const regularBytes = readFileSync(fontPath(files.regular));
  const boldBytes = readFileSync(fontPath(files.bold));
  const emojiBytes = readFileSync(emojiFontPath());
  const regular = await doc.embedFont(regularBytes, { subset: true });
  const bold = await doc.embedFont(boldBytes, { subset: true });
  const face = fontkit.create(regularBytes);
  const emojiFace = fontkit.create(emojiBytes);
  // A subset, like DejaVu: only the glyphs the guide uses go into the file.
  const emoji = await doc.embedFont(emojiBytes, { subset: true });
  const inDejaVu = (char: string) => face.hasGlyphForCodePoint(char.codePointAt(0)!);
  const inEmoji = (char: string) => emojiFace.hasGlyphForCodePoint(char.codePointAt(0)!);
  const clean = (text: string) =>
    // zero-width and direction marks, and emoji presentation selectors (the emoji font draws the base character)
    [...text.replace(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]|\ufe0e|\ufe0f/g, '')]
      .map((char) => (/\s/.test(char) ? ' ' : inDejaVu(char) || inEmoji(char) ? char : '?'))
      .join('');
  const pieces = (text: string, isBold: boolean) => {
    const out: Array<{ text: string; font: PDFFont }> = [];
    for (const char of text) {
      const font = inDejaVu(char) || !inEmoji(char) ? (isBold ? bold : regular) : emoji;
      const last = out.at(-1);
      if (last && last.font === font) last.text += char;
      else out.push({ text: char, font });
    }
    return out;
  };
  const widths = new Map<PDFFont, Map<string, number>>([regular, bold, emoji].map((font) => [font, new Map()]));
  const width = (font: PDFFont, text: string, size: number) => {
    const known = widths.get(font)!;
    const key = `${size} ${text}`;
    let value = known.get(key);
    if (value === undefined) known.set(key, (value = font.widthOfTextAtSize(text, size)));
    return value;
  };
  return { regular, bold, clean, pieces, width };
}

interface Bookmark {
  title: string;
  page: PDFPage;
  /** where the step starts on its page (PDF points from the bottom) */
  top: number;
}

/** The document outline (the reader's bookmarks pane): one entry per step, opening at its heading. */
function addOutline(doc: PDFDocument, bookmarks: readonly Bookmark[]) {
  if (bookmarks.length === 0) return;
  const root = doc.context.nextRef();
  const refs = bookmarks.map(() => doc.context.nextRef());
  bookmarks.forEach((bookmark, i) => {
    const item = doc.context.obj({ Title: PDFHexString.fromText(bookmark.title), Parent: root, Dest: destinationOf(doc, bookmark) });
    if (i > 0) item.set(PDFName.of('Prev'), refs[i - 1]!);
    if (i < refs.length - 1) item.set(PDFName.of('Next'), refs[i + 1]!);
    doc.context.assign(refs[i]!, item);
  });
  doc.context.assign(root, doc.context.obj({ Type: 'Outlines', First: refs[0]!, Last: refs.at(-1)!, Count: refs.length }));
  doc.catalog.set(PDFName.of('Outlines'), root);
  doc.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}

/** Where a bookmark opens: its page, scrolled to its top, at the reader's zoom. */
function destinationOf(doc: PDFDocument, bookmark: Bookmark): PDFArray {
  const destination = PDFArray.withContext(doc.context);
  destination.push(bookmark.page.ref);
  destination.push(PDFName.of('XYZ'));
  destination.push(PDFNull);
  destination.push(PDFNumber.of(bookmark.top));
  destination.push(PDFNull);
  return destination;
}

/** A link annotation over a rectangle of a page, opening a place in the document. */
function addInternalLink(doc: PDFDocument, page: PDFPage, rect: { x: number; y: number; width: number; height: number }, to: Bookmark): void {
  const link = doc.context.register(
    doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height], Border: [0, 0, 0], Dest: destinationOf(doc, to) }),
  );
  page.node.addAnnot(link);
}

/** A link annotation over a rectangle of a page, opening `url`. */
function addLink(doc: PDFDocument, page: PDFPage, rect: { x: number; y: number; width: number; height: number }, url: string): PDFRef {
  const link = doc.context.register(
    doc.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height],
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
    }),
  );
  page.node.addAnnot(link);
  return link;
}

/** The brand's logo as a PNG pdf-lib can embed (a WebP is converted); one that cannot be read is left out. */
async function embedLogo(doc: PDFDocument, bytes: Buffer) {
  try {
    return await doc.embedPng(await sharp(bytes).png().toBuffer());
  } catch {
    return null;
  }
}

export async function renderPdf(guide: ExportGuide, options: PdfExportOptions, ctx: RenderContext): Promise<RenderResult> {
  const [pageWidth, pageHeight] = PAGE_SIZES[options.pageSize];
  const doc = await PDFDocument.create();
  doc.setTitle(guide.title);
  doc.setCreator(PRODUCT_NAME);
  doc.setProducer(PRODUCT_NAME);
  doc.setSubject(`${guide.slides.length} steps`);
  doc.setLanguage(guide.language ?? 'en-US');
  const fonts = await embedFonts(doc, guide.brand);
  const contentWidth = pageWidth - 2 * MARGIN;
  // The organisation's brand (issue 32): its primary colour on the cover's bar and the step numbers, its accent on links.
  const primary = guide.brand ? rgbOf(guide.brand.primaryColor) : BRAND;
  const accent = guide.brand ? rgbOf(guide.brand.accentColor) : BRAND;
  const logo = guide.logo ? await embedLogo(doc, guide.logo.bytes) : null;

  // Screenshots become JPEGs first (sharp, in parallel): pdf-lib embeds JPEG bytes as they are.
  // A step that repeats another's picture (the same screenshot, annotations and crop) reuses its
  // images: encoded once, and in the file once.
  const pictures = new Map<string, Promise<{ width: number; height: number; embedded: PDFImage; crop: { width: number; height: number; embedded: PDFImage } | null }>>();
  const picture = (screenshot: Buffer, slide: ExportSlide) => {
    const crop = options.pictures !== 'full' && slide.click && slide.size ? { click: slide.click, size: slide.size, zoomLevel: slide.zoomLevel } : null;
    const key = `${createHash('sha256').update(screenshot).digest('base64')} ${JSON.stringify([slide.annotations, crop])}`;
    let made = pictures.get(key);
    if (!made) {
      made = (async () => {
        // decoded and drawn on once; the full picture and its crop are each encoded once from those pixels
        const pixels = await screenshotPixels(screenshot, null, { maxWidth: 1600, annotations: slide.annotations });
        const [bytes, cropped] = await Promise.all([
          // the same pixels as the smallest JPEG, in half the time (the PDF about a tenth larger)
          encodePixels(pixels, { format: 'jpeg', optimiseCoding: false }),
          crop ? zoomedCrop(pixels, crop.click, crop.size, crop.zoomLevel) : null,
        ]);
        return { width: pixels.width, height: pixels.height, embedded: await doc.embedJpg(bytes), crop: cropped ? { ...cropped, embedded: await doc.embedJpg(cropped.bytes) } : null };
      })();
      pictures.set(key, made);
    }
    return made;
  };
  let prepared = 0;
  const images = await inParallel(
    guide.slides.map((slide) => async () => {
      const image = slide.screenshot ? await picture(slide.screenshot.bytes, slide) : null;
      ctx.onProgress((0.8 * ++prepared) / guide.slides.length);
      return image;
    }),
    renderLanes() * 2,
  );

  // Title page.
  const cover = doc.addPage([pageWidth, pageHeight]);
  cover.drawRectangle({ x: 0, y: pageHeight - 12, width: pageWidth, height: 12, color: primary });
  if (logo) {
    // Top left under the bar, at most 48 points high and a third of the width.
    const scale = Math.min(1, 48 / logo.height, contentWidth / 3 / logo.width);
    cover.drawImage(logo, { x: MARGIN, y: pageHeight - MARGIN - 12 - logo.height * scale, width: logo.width * scale, height: logo.height * scale });
  }
  const titleLines = wrap([{ text: fonts.clean(guide.title), bold: true }], fonts, 30, contentWidth);
  const titleBottom = drawLines(cover, titleLines, fonts, { x: MARGIN, y: pageHeight * 0.62, size: 30, colour: INK, lineHeight: 38 });
  const count = `${guide.slides.length} ${guide.slides.length === 1 ? 'step' : 'steps'}`;
  let coverBottom = drawLines(cover, [[{ text: count, bold: false }]], fonts, { x: MARGIN, y: titleBottom - 8, size: 14, colour: MUTED, lineHeight: 20 });
  if (guide.introCard) {
    const introLines = wrap([{ text: fonts.clean(guide.introCard.title), bold: true }], fonts, 16, contentWidth);
    coverBottom = drawLines(cover, introLines, fonts, { x: MARGIN, y: coverBottom - 24, size: 16, colour: INK, lineHeight: 22 });
    if (guide.introCard.subtitle) {
      const subtitleLines = wrap([{ text: fonts.clean(guide.introCard.subtitle), bold: false }], fonts, 12, contentWidth);
      drawLines(cover, subtitleLines, fonts, { x: MARGIN, y: coverBottom - 4, size: 12, colour: MUTED, lineHeight: 17 });
    }
  }
  // The brand's badge setting holds here too: without it the cover does not name the product.
  if (guide.brand?.showBadge !== false) {
    drawLines(cover, [[{ text: `Exported from ${PRODUCT_NAME}`, bold: false }]], fonts, { x: MARGIN, y: MARGIN + 14, size: 10, colour: MUTED, lineHeight: 14 });
  }

  // The contents: a line per step linking to it, on as many pages as the steps need (filled in
  // once the steps are laid out and their pages known).
  const contentsPerPage = Math.floor((pageHeight - 2 * MARGIN - CONTENTS_HEAD) / CONTENTS_LINE);
  const contentsPages = Array.from({ length: Math.max(1, Math.ceil(guide.slides.length / contentsPerPage)) }, () => doc.addPage([pageWidth, pageHeight]));

  // Steps, flowed: a step starts a new page when it does not fit on what is left of this one.
  let page: PDFPage | undefined;
  let cursor = 0;
  const footer = (target: PDFPage, number: number) =>
    drawPieces(target, fonts, fonts.clean(`${guide.title} · ${number}`), false, { x: MARGIN, y: MARGIN / 2, size: 8, colour: MUTED });
  const bookmarks: Bookmark[] = [];
  for (const slide of guide.slides) {
    const heading = wrap([{ text: `Step ${slide.index + 1}`, bold: true }], fonts, 11, contentWidth);
    const textRuns = splitBold(fonts.clean(slide.text ?? '')).map((run) => ({ text: run.text, bold: run.bold }));
    const textLines = wrap(textRuns, fonts, 14, contentWidth);
    const narrationLines = wrap([{ text: fonts.clean(slide.narration ?? ''), bold: false }], fonts, 10.5, contentWidth);
    const image = images[slide.index];
    // The pictures of the step: the full screenshot, its zoomed crop around the click, or both side by side.
    const pictures = image ? [...(options.pictures !== 'zoomed' || !image.crop ? [{ ...image, whole: true }] : []), ...(image.crop ? [{ ...image.crop, whole: false }] : [])] : [];
    const slotWidth = pictures.length > 1 ? (contentWidth - PICTURE_GAP) / 2 : contentWidth;
    // A screenshot takes at most about a third of the page, so two short steps share one (a
    // document, not one slide a page); a long narration still flows on.
    const maxImageHeight = (pageHeight - 2 * MARGIN) * 0.34;
    const scale = image ? Math.min(slotWidth / image.width, maxImageHeight / image.height) : 0;
    const imageHeight = image ? image.height * scale : 0;
    const blockHeight = 16 + textLines.length * 19 + narrationLines.length * 15 + (image ? imageHeight + 12 : 0) + 28;
    if (!page || cursor - blockHeight < MARGIN) {
      page = doc.addPage([pageWidth, pageHeight]);
      footer(page, doc.getPageCount() - 1);
      cursor = pageHeight - MARGIN;
    }
    bookmarks.push({ title: `Step ${slide.index + 1}: ${plainText(slide.text ?? '').trim() || 'untitled'}`, page, top: cursor + 12 });
    cursor = drawLines(page, heading, fonts, { x: MARGIN, y: cursor, size: 11, colour: primary, lineHeight: 16 });
    // Text longer than what is left of the page flows on to the next one, line by line.
    const flow = (lines: Run[][], style: { size: number; colour: ReturnType<typeof rgb>; lineHeight: number }) => {
      cursor -= 2;
      for (const line of lines) {
        if (cursor - style.lineHeight < MARGIN) {
          page = doc.addPage([pageWidth, pageHeight]);
          footer(page, doc.getPageCount() - 1);
          cursor = pageHeight - MARGIN;
        }
        cursor = drawLines(page!, [line], fonts, { x: MARGIN, y: cursor, ...style });
      }
    };
    flow(textLines, { size: 14, colour: INK, lineHeight: 19 });
    if (narrationLines.length > 0) flow(narrationLines, { size: 10.5, colour: MUTED, lineHeight: 15 });
    if (image && cursor - 10 - imageHeight < MARGIN) {
      page = doc.addPage([pageWidth, pageHeight]);
      footer(page, doc.getPageCount() - 1);
      cursor = pageHeight - MARGIN + 10;
    }
    if (image) {
      const width = image.width * scale;
      const top = cursor - 10;
      for (const [n, picture] of pictures.entries()) {
        const x = MARGIN + n * (slotWidth + PICTURE_GAP);
        page.drawImage(picture.embedded, { x, y: top - imageHeight, width, height: imageHeight });
        page.drawRectangle({ x, y: top - imageHeight, width, height: imageHeight, borderColor: rgb(0.8, 0.83, 0.88), borderWidth: 0.75 });
        // the ring on the full screenshot; the crop is the click's neighbourhood, centred on it unless at an edge
        if (picture.whole && slide.click && slide.highlight && slide.size) {
          const cx = x + (slide.click.x / slide.size.width) * width;
          const cy = top - (slide.click.y / slide.size.height) * imageHeight;
          page.drawCircle({ x: cx, y: cy, size: 11, borderColor: RING, borderWidth: 2.5, borderOpacity: 1 });
          page.drawCircle({ x: cx, y: cy, size: 15, borderColor: RING, borderWidth: 3, borderOpacity: 0.3 });
        }
      }
      cursor = top - imageHeight - 2;
    }
    cursor -= 28;
  }
  if (guide.outroCard) {
    // The closing card: its title, and the call to action as text a reader can follow.
    const outro = doc.addPage([pageWidth, pageHeight]);
    footer(outro, doc.getPageCount() - 1);
    const outroLines = wrap([{ text: fonts.clean(guide.outroCard.title), bold: true }], fonts, 24, contentWidth);
    const outroBottom = drawLines(outro, outroLines, fonts, { x: MARGIN, y: pageHeight * 0.62, size: 24, colour: INK, lineHeight: 30 });
    const cta = guide.outroCard.cta;
    if (cta) {
      const ctaLines = wrap([{ text: fonts.clean(`${cta.label}: ${cta.url}`), bold: false }], fonts, 12, contentWidth);
      const ctaTop = outroBottom - 8;
      const ctaBottom = drawLines(outro, ctaLines, fonts, { x: MARGIN, y: ctaTop, size: 12, colour: accent, lineHeight: 17 });
      // the call to action is a real link, not only its address as text
      addLink(doc, outro, { x: MARGIN, y: ctaBottom, width: contentWidth, height: ctaTop - ctaBottom }, cta.url);
    }
  }
  for (const [n, contents] of contentsPages.entries()) {
    footer(contents, n + 1);
    let y = pageHeight - MARGIN;
    if (n === 0) y = drawLines(contents, [[{ text: 'Contents', bold: true }]], fonts, { x: MARGIN, y, size: 20, colour: INK, lineHeight: CONTENTS_HEAD });
    for (const bookmark of bookmarks.slice(n * contentsPerPage, (n + 1) * contentsPerPage)) {
      const page = doc.getPages().indexOf(bookmark.page);
      const number = String(page);
      const numberWidth = fonts.width(fonts.regular, number, 11);
      // the step's title, cut to leave room for its page number at the right
      let title = fonts.clean(bookmark.title);
      while (title.length > 1 && widthOf(fonts, title, false, 11) > contentWidth - numberWidth - 16) title = `${title.slice(0, -2).trimEnd()}…`;
      const top = y;
      drawPieces(contents, fonts, title, false, { x: MARGIN, y: y - 11, size: 11, colour: INK });
      contents.drawText(number, { x: MARGIN + contentWidth - numberWidth, y: y - 11, size: 11, font: fonts.regular, color: MUTED });
      y -= CONTENTS_LINE;
      addInternalLink(doc, contents, { x: MARGIN, y, width: contentWidth, height: top - y }, bookmark);
    }
  }
  addOutline(doc, bookmarks);
  const bytes = await doc.save();
  const file = path.join(ctx.workDir, 'guide.pdf');
  await writeFile(file, bytes);
  ctx.onProgress(1);
  return { file, extension: 'pdf' };
}
