import { describe, expect, it } from 'vitest';
import { galleryItemBySlug } from '#shared/gallery';
import { LANDING_EXAMPLE } from './landing-example';

describe('the landing page example', () => {
  it('plays the same guide as its gallery entry', () => {
    const item = galleryItemBySlug(LANDING_EXAMPLE.slug);
    expect(item).toBeDefined();
    expect(LANDING_EXAMPLE.title).toBe(item!.title);
    expect(LANDING_EXAMPLE.embedUrl).toBe(item!.embedUrl);
  });
});
