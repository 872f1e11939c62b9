import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as PrivateAssetsJob from '../../functions/jobs/private-assets';
import { REPO_ROOT } from './config';

// The job is function code: loaded by entry path, as infra refers to functions.
const PRIVATE_ASSETS_JOB = pathToFileURL(path.join(REPO_ROOT, 'functions/jobs/private-assets.ts')).href;

/** Moves the assets of guides made private before they had a place of their own (idempotent). */
export async function movePrivateGuidesAssets(): Promise<number> {
  const job = (await import(PRIVATE_ASSETS_JOB)) as typeof PrivateAssetsJob;
  return job.movePrivateGuidesAssets();
}
