/**
 * The committed seed guides: one folder per sample app under `tests/fixtures/sample-apps`,
 * each holding `manifest.json`, `step-NN.png` screenshots and the brand's `logo.svg`.
 * `infra/local/seed/capture.ts` writes them; the local seed (and `npm run seed`) reads them
 * through `loadSeedGuides()` and turns each into a published guide.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The guide folders, in gallery order. Each name is also the sample app's folder and the guide's slug. */
export const SEED_GUIDE_SLUGS = [
  'acme-crm',
  'ledgerly',
  'tasknest',
  'shipfast',
  'helpdesk',
  'signup-demo',
] as const;

export type SeedGuideSlug = (typeof SEED_GUIDE_SLUGS)[number];

/** Absolute path of this folder (the one that holds the guide folders). */
export const SEED_GUIDES_DIR = fileURLToPath(new URL('.', import.meta.url));

const int = z.number().int();

export const SeedBox = z.strictObject({
  x: int.nonnegative(),
  y: int.nonnegative(),
  width: int.positive(),
  height: int.positive(),
});
export type SeedBox = z.infer<typeof SeedBox>;

export const SeedStep = z.strictObject({
  /** file name inside the guide folder */
  image: z.string().regex(/^step-\d{2}\.png$/),
  /** image size in pixels (device scale factor 1, so equal to CSS pixels) */
  width: int.positive(),
  height: int.positive(),
  /** where the click landed, in image pixels */
  click: z.strictObject({ x: int.nonnegative(), y: int.nonnegative() }),
  /** the clicked element's bounding box, in image pixels */
  box: SeedBox,
  element: z.strictObject({
    tag: z.string().regex(/^[a-z][a-z0-9-]*$/),
    /** computed ARIA role (from the browser's accessibility tree) */
    role: z.string().min(1),
    /** computed accessible name */
    name: z.string().min(1),
  }),
  page: z.strictObject({
    title: z.string().min(1),
    /** URL path relative to the sample app's root, e.g. `/new-contact.html` */
    path: z.string().startsWith('/'),
  }),
  /** short imperative step text, markdown bold for the target: `Click **Save contact**` */
  text: z.string().min(1).regex(/\*\*[^*]+\*\*/),
  /** one natural spoken sentence */
  narration: z.string().min(1),
});
export type SeedStep = z.infer<typeof SeedStep>;

export const SeedManifest = z.strictObject({
  title: z.string().min(1).max(120),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  description: z.string().min(1).max(300),
  brand: z.strictObject({
    name: z.string().min(1),
    color: z.string().regex(/^#[0-9a-f]{6}$/i),
    /** square SVG mark inside the guide folder, for gallery cards (logoDataUrl) */
    logo: z.string().regex(/^[a-z0-9-]+\.svg$/).optional(),
  }),
  steps: z.array(SeedStep).min(1),
});
export type SeedManifest = z.infer<typeof SeedManifest>;

export interface SeedGuide {
  manifest: SeedManifest;
  /** absolute path of the guide folder; step images are `path.join(dir, step.image)` */
  dir: string;
}

/** Reads and validates every committed seed guide, in `SEED_GUIDE_SLUGS` order. */
export async function loadSeedGuides(): Promise<SeedGuide[]> {
  return Promise.all(
    SEED_GUIDE_SLUGS.map(async (slug) => {
      const dir = path.join(SEED_GUIDES_DIR, slug);
      const raw: unknown = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
      const parsed = SeedManifest.safeParse(raw);
      if (!parsed.success) {
        throw new Error(`Seed guide ${slug}: invalid manifest.json\n${z.prettifyError(parsed.error)}`);
      }
      if (parsed.data.slug !== slug) {
        throw new Error(`Seed guide ${slug}: manifest slug is ${parsed.data.slug}`);
      }
      return { manifest: parsed.data, dir };
    }),
  );
}
