import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { TEST_ASSEMBLY_DIR, synthesise } from '../../infra/cdk/assembly';

/**
 * The cloud assembly the bundle test reads: the one `npm test` synthesised (STEPCAST_ASSEMBLY,
 * tests/run.ts), else a fresh `cdk synth` of npm test's stages into cdk.out/npm-test (a minute or
 * more: every Lambda bundled for real).
 */
export default async function setup(project: TestProject) {
  const given = process.env.STEPCAST_ASSEMBLY;
  if (given) {
    if (!existsSync(path.join(given, 'manifest.json'))) throw new Error(`STEPCAST_ASSEMBLY=${given} holds no cloud assembly.`);
    project.provide('assemblyDir', path.resolve(given));
    return;
  }
  console.log(`Synthesising the cloud assembly into ${TEST_ASSEMBLY_DIR} (every Lambda bundled)…`);
  const code = await synthesise(TEST_ASSEMBLY_DIR);
  if (code !== 0) throw new Error(`cdk synth failed (exit ${code}): the bundle test has nothing to load.`);
  project.provide('assemblyDir', TEST_ASSEMBLY_DIR);
}
