import { expect } from 'vitest';
import type { GuideDto, SlideDto } from '../../shared/guides';
import type { ApiClient } from './api-client';
import { pngImage, postUpload } from './images';

/** A guide of `count` screenshot steps ("Step 1" … with a narration each), added through the API. */
export async function guideWithSlides(c: ApiClient, count: number): Promise<{ guide: GuideDto; slides: SlideDto[] }> {
  const guide = (await c.post('/api/guides', { title: 'Close a ticket' })).json as GuideDto;
  const slides: SlideDto[] = [];
  for (let step = 1; step <= count; step++) {
    const image = await pngImage(200 + step, 120, { r: step * 40, g: 90, b: 200 });
    const upload = (await c.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
    await postUpload(upload, image, 'image/png');
    const added = await c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, text: `Step ${step}`, narration: `Say ${step}.` });
    expect(added.status).toBe(201);
    slides.push(added.json as SlideDto);
  }
  return { guide, slides };
}
