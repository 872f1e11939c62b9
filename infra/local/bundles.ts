import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { handlerOf, readAssemblyFunctions, synthesise, type AssemblyFunction } from '../cdk/assembly';
import { StartupError } from './errors';

/**
 * `npm start -- --bundles [DIR]`: the local stack runs every function from the bundle `cdk synth`
 * made for it (DIR, a cloud assembly: cdk.out by default, synthesised first when it holds none)
 * rather than from the sources, each in a Node process of its own as Lambda runs it: the bundle
 * alone is loaded (its own native packages, its own AWS SDK), and a bundle that cannot load fails
 * its requests as it would in AWS. The processes get the local stack's environment (endpoints of
 * the emulators, the local secrets), started at a function's first request and kept warm.
 */

/** A function's bundle: its entry file and export. */
export interface BundleRef {
  readonly name: string;
  readonly file: string;
  readonly exportName: string;
  readonly memoryMb: number;
}

export interface LocalBundles {
  readonly assemblyDir: string;
  readonly stage: string;
  readonly api: Readonly<Record<string, BundleRef>>;
  readonly workers: Readonly<Record<string, BundleRef>>;
  readonly edge: BundleRef;
}

function refOf(fn: AssemblyFunction, name: string): BundleRef {
  const { file, exportName } = handlerOf(fn);
  return { name, file, exportName, memoryMb: fn.memoryMb };
}

/** The bundles of one stage of the assembly in `dir` (the first stage it holds unless named), synthesising `dir` first if it holds none. */
export async function localBundles(dir: string, stage?: string, log: (line: string) => void = () => {}): Promise<LocalBundles> {
  const assemblyDir = path.resolve(dir);
  if (!existsSync(path.join(assemblyDir, 'manifest.json'))) {
    log(`No cloud assembly in ${assemblyDir}: synthesising stage ${stage ?? 'dev'} there (every Lambda bundled, a minute or more)…`);
    if ((await synthesise(assemblyDir, [stage ?? 'dev'])) !== 0) throw new StartupError(`cdk synth into ${assemblyDir} failed: see its output above.`);
  }
  const all = readAssemblyFunctions(assemblyDir);
  const chosen = stage ?? all[0]?.stage;
  const functions = all.filter((fn) => fn.stage === chosen);
  const edge = functions.find((fn) => fn.kind.type === 'edge');
  if (!chosen || !edge) throw new StartupError(`${assemblyDir} has no stage ${stage ?? ''} with Stepcast's functions: synthesise it with npx cdk synth -o ${dir}.`);
  const api: Record<string, BundleRef> = {};
  const workers: Record<string, BundleRef> = {};
  for (const fn of functions) {
    if (fn.kind.type === 'api') api[fn.kind.name] = refOf(fn, fn.kind.name);
    if (fn.kind.type === 'worker') workers[fn.kind.name] = refOf(fn, `${fn.kind.name} worker`);
  }
  return { assemblyDir, stage: chosen, api, workers, edge: refOf(edge, 'share edge') };
}

/** The Lambda context's serialisable part; the child adds the methods. */
export interface InvokeContext {
  readonly functionName: string;
  readonly awsRequestId: string;
  /** ms left before the function's timeout */
  readonly remainingMs: number;
}

// The child: loads the bundle, tells the parent it is ready, then answers each invocation. Passed
// as `node -e`, so nothing but the bundle is loaded (no tsx, no project module).
const RUNTIME_SOURCE = [
  'const [file, name] = process.argv.slice(1);',
  'const handler = (await import(file))[name];',
  'if (typeof handler !== "function") throw new Error(`${file} exports no function ${name}`);',
  'process.on("message", async ({ id, event, context }) => {',
  '  const deadline = Date.now() + context.remainingMs;',
  '  const lambdaContext = { ...context, callbackWaitsForEmptyEventLoop: false, getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()) };',
  '  try {',
  '    const result = await handler(event, lambdaContext);',
  '    process.send({ id, ok: true, result: result ?? null });',
  '  } catch (error) {',
  '    process.send({ id, ok: false, error: String(error?.stack ?? error) });',
  '  }',
  '});',
  'process.send({ ready: true });',
].join('\n');

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** One function's process: started at its first invocation, started again after it dies. */
class BundleProcess {
  private child: ChildProcess | undefined;
  private ready: Promise<void> | undefined;
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly ref: BundleRef) {}

  private start(): Promise<void> {
    // The stack's environment (emulators, secrets) as it is now; never the tsx loader of this process.
    const { NODE_OPTIONS: _loader, ...env } = process.env;
    const child = spawn(process.execPath, ['--input-type=module', '-e', RUNTIME_SOURCE, pathToFileURL(this.ref.file).href, this.ref.exportName], {
      cwd: path.dirname(this.ref.file),
      env: { ...env, NODE_OPTIONS: '--enable-source-maps', AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(this.ref.memoryMb) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    this.ready = new Promise<void>((resolve, reject) => {
      child.on('message', (message: { ready?: true; id?: string; ok?: boolean; result?: unknown; error?: string }) => {
        if (message.ready) return resolve();
        const waiting = message.id ? this.pending.get(message.id) : undefined;
        if (!waiting || !message.id) return;
        this.pending.delete(message.id);
        if (message.ok) waiting.resolve(message.result);
        else waiting.reject(new Error(message.error ?? 'the function failed'));
      });
      child.on('exit', (code, signal) => {
        const error = new Error(`${this.ref.name}: its process exited (${signal ?? code}) — a bundle that cannot load fails every request, as in AWS`);
        reject(error);
        for (const waiting of this.pending.values()) waiting.reject(error);
        this.pending.clear();
        if (this.child === child) {
          this.child = undefined;
          this.ready = undefined;
        }
      });
    });
    return this.ready;
  }

  async invoke(event: unknown, context: InvokeContext): Promise<unknown> {
    await (this.ready ?? this.start());
    const child = this.child;
    if (!child) throw new Error(`${this.ref.name}: not running`);
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      child.send({ id, event, context });
    });
  }

  stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill();
    });
  }
}

/** The processes of the bundles, one per function, for the local server's adapter, workers and edge. */
export class BundleRuntime {
  private readonly processes = new Map<string, BundleProcess>();

  invoke(ref: BundleRef, event: unknown, context: InvokeContext): Promise<unknown> {
    let process = this.processes.get(ref.file);
    if (!process) {
      process = new BundleProcess(ref);
      this.processes.set(ref.file, process);
    }
    return process.invoke(event, context);
  }

  async stop(): Promise<void> {
    await Promise.all([...this.processes.values()].map((p) => p.stop()));
  }
}
