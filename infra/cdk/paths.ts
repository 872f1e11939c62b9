import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { SHARE_FRAME_RENDERER_FILE } from '#shared/share/frame';

/**
 * The repository root, from this file's place in it rather than the working directory, so the
 * app synthesises the same whether `cdk` runs from the root or a test runner runs elsewhere.
 */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Resolves a path given relative to the repository root (as `functions/routes.ts` gives entries). */
export function fromRoot(relative: string): string {
  return path.join(REPO_ROOT, relative);
}

/** The Vite build output that the web stack uploads to the SPA bucket. */
export const SITE_DIR = fromRoot('web/dist');

/** The share-page edge handler (Lambda@Edge, origin request on /share/*). */
export const EDGE_ENTRY = fromRoot('functions/edge/share.ts');

/** The web build's renderer of share pages' first frames, bundled into the edge handler. */
export const SHARE_FRAME_RENDERER = fromRoot(SHARE_FRAME_RENDERER_FILE);
