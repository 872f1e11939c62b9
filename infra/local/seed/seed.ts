import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as SeedJob from '../../../functions/jobs/seed-demo';
import { REPO_ROOT } from '../config';
import { SEED_ANNOTATIONS } from './annotations';
import { DEMO_ACCOUNT } from './demo-account';
import { loadSeedGuides } from './guides/index';

// The seed job is function code: loaded by entry path, as infra refers to functions.
const SEED_JOB = pathToFileURL(path.join(REPO_ROOT, 'functions/jobs/seed-demo.ts')).href;

/**
 * Reads the committed sample-app captures and loads them for the demo account (another account
 * when given: a deployed stage must not use the public demo password).
 */
async function seedGuides(): Promise<SeedJob.SeedInput['guides']> {
  const guides: SeedJob.SeedInput['guides'] = [];
  for (const { manifest, dir } of await loadSeedGuides()) {
    guides.push({
      slug: manifest.slug,
      title: manifest.title,
      steps: await Promise.all(
        manifest.steps.map(async (step, index) => ({
          image: await readFile(path.join(dir, step.image)),
          contentType: 'image/png' as const,
          width: step.width,
          height: step.height,
          click: step.click,
          text: step.text,
          narration: step.narration,
          capture: {
            action: step.element.role === 'textbox' ? ('type' as const) : ('click' as const),
            element: step.element,
            page: { title: step.page.title, url: `https://${manifest.slug}.example${step.page.path}` },
            // As the extension sends it: the field typed into, which the design view suggests redacting.
            ...(step.element.role === 'textbox' ? { box: step.box } : {}),
          },
          annotations: SEED_ANNOTATIONS[manifest.slug]?.[index] ?? [],
        })),
      ),
    });
  }
  return guides;
}

export async function seedDemo(account: SeedJob.SeedInput['account'] = DEMO_ACCOUNT): Promise<{ created: boolean; guides: number }> {
  const job = (await import(SEED_JOB)) as typeof SeedJob;
  const result = await job.seedDemo({ account, guides: await seedGuides() });
  return { created: result.createdAccount || result.createdGuides > 0, guides: result.createdGuides };
}

/** Voiceover jobs for seeded guides without audio, run by the local server's worker (after it starts). */
export async function narrateDemo(account: SeedJob.SeedInput['account'] = DEMO_ACCOUNT): Promise<{ jobs: number }> {
  const job = (await import(SEED_JOB)) as typeof SeedJob;
  const { jobs } = await job.narrateDemo({ account, guides: await seedGuides() });
  return { jobs: jobs.length };
}
