import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExportGuide, ExportSlide } from '../source';
import { renderPdf } from './pdf';

const SCREENSHOT = path.resolve(import.meta.dirname, '../../../../infra/local/seed/guides/acme-crm/step-03.png');
const workDir = mkdtempSync(path.join(os.tmpdir(), 'stepcast-pdf-test-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function slide(index: number, label: string): ExportSlide {
  return {
    id: `s${index}`,
    index,
    size: { width: 1280, height: 800 },
    click: { x: 400, y: 300 },
    zoomLevel: 1.5,
    highlight: true,
    text: `Step ${index + 1}`,
    narration: null,
    audioDurationMs: null,
    words: null,
    // each its own copy of the bytes, as each slide's screenshot is read on its own
    screenshot: { bytes: readFileSync(SCREENSHOT), contentType: 'image/png' },
    audio: null,
    annotations: [{ id: 'l', kind: 'label', colour: 'indigo', x: 0.1, y: 0.2, text: label }],
  };
}

/** The images the PDF file holds, and how many times its pages draw one. */
async function imagesIn(file: string): Promise<{ held: number; drawn: number }> {
  const doc = await PDFDocument.load(readFileSync(file));
  const held = doc.context
    .enumerateIndirectObjects()
    .filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')).length;
  let drawn = 0;
  for (const page of doc.getPages()) drawn += page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict)?.keys().length ?? 0;
  return { held, drawn };
}

describe('the PDF', () => {
  it('holds a picture that steps repeat once: the same screenshot, annotations and crop encoded and embedded once', async () => {
    // steps 1 and 2 alike, step 3 the same screenshot with another label
    const guide: ExportGuide = { id: 'g', title: 'Repeats', slides: [slide(0, 'Here'), slide(1, 'Here'), slide(2, 'There')] };
    const result = await renderPdf(guide, { pageSize: 'a4', pictures: 'both' }, { workDir, signal: new AbortController().signal, onProgress: () => undefined });
    // two pictures, each whole and zoomed, drawn for each of the three steps
    expect(await imagesIn(result.file)).toEqual({ held: 4, drawn: 6 });
  });
});
