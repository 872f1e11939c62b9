/**
 * The worker thread of one flite run per message (flite-runner.ts). Each run is a fresh
 * WebAssembly instance whose memory reserves gigabytes of address space until it is collected;
 * a collection after each run frees it at once, and in this thread's small heap it costs little.
 *
 * Its source is a string started as a `data:` URL rather than a file beside the module: a file
 * read by its path is not in a Lambda bundle (esbuild bundles imports, not files), and the local
 * stack runs the bundles too (`npm start -- --bundles`). Plain JavaScript, loaded with no loader.
 */
export const FLITE_WORKER_SOURCE = `
import { closeSync, openSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { WASI } from 'node:wasi';
import { parentPort } from 'node:worker_threads';

v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc');

parentPort.on('message', async ({ id, module, args, dir, tracePath }) => {
  const fd = openSync(tracePath, 'w');
  try {
    const wasi = new WASI({ version: 'preview1', args, env: {}, preopens: { '.': dir }, stdout: fd, returnOnExit: true });
    const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi.wasiImport });
    parentPort.postMessage({ id, code: wasi.start(instance) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  } finally {
    closeSync(fd);
    collect();
  }
});
`;
