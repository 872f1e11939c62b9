import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadSeedGuides, SEED_GUIDE_SLUGS, SEED_GUIDES_DIR, SeedManifest } from './guides/index.ts';

/** keeps the committed data lean; capture.ts aims for well under this */
const MAX_PNG_BYTES = 160 * 1024;
const EMAIL_LIKE = /[\w.+-]+@[\w-]+\.[\w.]+/;

describe('committed seed guides', () => {
  it('has exactly one folder per listed guide', async () => {
    const entries = await readdir(SEED_GUIDES_DIR, { withFileTypes: true });
    const dirs = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
    expect(dirs).toEqual([...SEED_GUIDE_SLUGS].sort());
  });

  it.each(SEED_GUIDE_SLUGS)('%s: manifest.json matches the schema', async (slug) => {
    const raw: unknown = JSON.parse(await readFile(path.join(SEED_GUIDES_DIR, slug, 'manifest.json'), 'utf8'));
    const parsed = SeedManifest.safeParse(raw);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data?.slug).toBe(slug);
  });

  it('loads every guide through loadSeedGuides()', async () => {
    const guides = await loadSeedGuides();
    expect(guides.map((g) => g.manifest.slug)).toEqual([...SEED_GUIDE_SLUGS]);
    for (const g of guides) {
      expect(path.isAbsolute(g.dir)).toBe(true);
      expect(g.manifest.steps.length).toBeGreaterThanOrEqual(4);
      expect(g.manifest.steps.length).toBeLessThanOrEqual(7);
    }
  });

  describe.each(SEED_GUIDE_SLUGS)('%s', (slug) => {
    it('references existing PNGs of the declared size, numbered in order, with no strays', async () => {
      const [guide] = (await loadSeedGuides()).filter((g) => g.manifest.slug === slug);
      if (!guide) throw new Error(`guide ${slug} not loaded`);
      const { manifest, dir } = guide;
      const referenced = manifest.steps.map((s) => s.image);
      expect(referenced).toEqual(manifest.steps.map((_, i) => `step-${String(i + 1).padStart(2, '0')}.png`));
      for (const step of manifest.steps) {
        const file = path.join(dir, step.image);
        expect(existsSync(file), `${file} exists`).toBe(true);
        const meta = await sharp(file).metadata();
        expect(meta.format).toBe('png');
        expect({ width: meta.width, height: meta.height }).toEqual({ width: step.width, height: step.height });
        expect((await stat(file)).size).toBeLessThanOrEqual(MAX_PNG_BYTES);
      }
      const pngs = (await readdir(dir)).filter((f) => f.endsWith('.png')).sort();
      expect(pngs).toEqual([...referenced].sort());
      if (manifest.brand.logo) {
        const logo = await readFile(path.join(dir, manifest.brand.logo), 'utf8');
        expect(logo).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      }
    });

    it('puts every click inside its box and every box inside its image', async () => {
      const [guide] = (await loadSeedGuides()).filter((g) => g.manifest.slug === slug);
      if (!guide) throw new Error(`guide ${slug} not loaded`);
      for (const [i, { click, box, width, height }] of guide.manifest.steps.entries()) {
        const at = `${slug} step ${i + 1}`;
        expect(click.x, at).toBeGreaterThanOrEqual(box.x);
        expect(click.x, at).toBeLessThanOrEqual(box.x + box.width);
        expect(click.y, at).toBeGreaterThanOrEqual(box.y);
        expect(click.y, at).toBeLessThanOrEqual(box.y + box.height);
        expect(click.x, at).toBeLessThan(width);
        expect(click.y, at).toBeLessThan(height);
        expect(box.x + box.width, at).toBeLessThanOrEqual(width);
        expect(box.y + box.height, at).toBeLessThanOrEqual(height);
      }
    });

    it('never puts an email address into step text or narration', async () => {
      const [guide] = (await loadSeedGuides()).filter((g) => g.manifest.slug === slug);
      if (!guide) throw new Error(`guide ${slug} not loaded`);
      for (const step of guide.manifest.steps) {
        expect(step.text).not.toMatch(EMAIL_LIKE);
        expect(step.narration).not.toMatch(EMAIL_LIKE);
      }
    });
  });
});
