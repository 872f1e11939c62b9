import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GALLERY_ITEMS, galleryItemBySlug, galleryItemSharePath, svgDataUrl } from './gallery';
import { GUIDE_ID_LENGTH, embedPath, guideIdFromSegment, slugifyTitle } from './share/link';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SEED_GUIDES = path.resolve(import.meta.dirname, '../infra/local/seed/guides');

describe('the gallery list', () => {
  it('holds exactly six items (product-spec.md §9)', () => {
    expect(GALLERY_ITEMS).toHaveLength(6);
  });

  it('gives every item a uuid id, and no two the same', () => {
    for (const item of GALLERY_ITEMS) expect(item.id).toMatch(UUID);
    expect(new Set(GALLERY_ITEMS.map((item) => item.id)).size).toBe(GALLERY_ITEMS.length);
  });

  it('gives every item a unique, URL-safe slug', () => {
    for (const item of GALLERY_ITEMS) expect(item.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(new Set(GALLERY_ITEMS.map((item) => item.slug)).size).toBe(GALLERY_ITEMS.length);
  });

  it('points every embedUrl at /share/{title slug}-{12-character id}/embed', () => {
    for (const item of GALLERY_ITEMS) {
      expect(item.embedUrl).toMatch(new RegExp(`^/share/[a-z0-9-]+-[A-Za-z0-9]{${GUIDE_ID_LENGTH}}/embed$`));
      const segment = item.embedUrl.split('/')[2]!;
      const id = guideIdFromSegment(segment);
      expect(item.embedUrl).toBe(embedPath({ id, title: item.title }));
      expect(segment.startsWith(`${slugifyTitle(item.title)}-`)).toBe(true);
    }
  });

  it('gives every item a non-empty title and description', () => {
    for (const item of GALLERY_ITEMS) {
      expect(item.title.trim()).not.toBe('');
      expect(item.description.trim().length).toBeGreaterThan(20);
    }
  });

  it('inlines each logo as SVG image data, the same as the sample app the guide was captured from', async () => {
    const logosByTitle = new Map<string, string>();
    for (const app of await readdir(SEED_GUIDES, { withFileTypes: true })) {
      if (!app.isDirectory()) continue;
      const manifest: unknown = JSON.parse(await readFile(path.join(SEED_GUIDES, app.name, 'manifest.json'), 'utf8'));
      if (typeof manifest !== 'object' || manifest === null || !('title' in manifest) || typeof manifest.title !== 'string') continue;
      logosByTitle.set(manifest.title, (await readFile(path.join(SEED_GUIDES, app.name, 'logo.svg'), 'utf8')).trim());
    }
    for (const item of GALLERY_ITEMS) {
      expect(item.logoDataUrl.startsWith('data:image/svg+xml,')).toBe(true);
      const seeded = logosByTitle.get(item.title);
      expect(seeded, `a seeded guide titled "${item.title}"`).toBeDefined();
      expect(item.logoDataUrl).toBe(svgDataUrl(seeded!));
    }
  });

  it('finds an item by its slug and nothing for an unknown one', () => {
    expect(galleryItemBySlug('acme-crm')?.title).toBe('Add a new contact in Acme CRM');
    expect(galleryItemBySlug('unknown')).toBeUndefined();
    expect(galleryItemBySlug('')).toBeUndefined();
  });

  it("gives an item's full share page as its embed URL without /embed", () => {
    expect(galleryItemSharePath({ embedUrl: '/share/a-guide-abcdefghijkl/embed' })).toBe('/share/a-guide-abcdefghijkl');
  });
});
