import './quiet-logs';
import { benchAuth } from './auth.bench';
import { benchBundles } from './bundles.bench';
import { benchCapture } from './capture.bench';
import { benchExports } from './exports.bench';
import { benchEvents } from './events.bench';
import { benchEdgeMemory } from './edge-memory.bench';
import { benchEditor } from './editor.bench';
import { benchGuides } from './guides.bench';
import { seedDemo } from '../../infra/local/seed/seed';
import { benchHealth } from './health.bench';
import { benchLighthouse } from './lighthouse.bench';
import { benchShare } from './share.bench';
import { benchReadView } from './read-view.bench';
import { benchVoiceover } from './voiceover.bench';
import { startBenchStack, summary, type BenchStack } from './support';
import { writeSummary } from './summary';

// npm run bench [name…]: every benchmark (or the named ones), each printing its figures against
// a baseline measured in the same run.
const BENCHES: Record<string, (stack: BenchStack) => Promise<void>> = {
  health: benchHealth,
  // each API bundle's size and cold import, from npm test's assembly (no stack needed)
  bundles: () => benchBundles(),
  auth: benchAuth,
  guides: benchGuides,
  capture: benchCapture,
  share: benchShare,
  'read-view': benchReadView,
  exports: () => benchExports(),
  events: benchEvents,
  'edge-memory': benchEdgeMemory,
  voiceover: benchVoiceover,
  editor: benchEditor,
  // The gallery pages embed the seeded guides: seed them first (the web build must exist).
  lighthouse: async (stack) => {
    await seedDemo();
    await benchLighthouse(stack.server.url);
  },
};

// `--summary`: also write the headline figures to docs/benchmarks.md, with the date and the machine.
const writesSummary = process.argv.includes('--summary');
const only = process.argv.slice(2).filter((arg) => arg !== '--summary');
const ran: string[] = [];
// Benchmarks that start nothing (they render or import in this process) run without the stack.
const STANDALONE = new Set(['bundles', 'exports']);
const chosen = Object.entries(BENCHES).filter(([name]) => only.length === 0 || only.includes(name));
const stack = chosen.some(([name]) => !STANDALONE.has(name)) ? await startBenchStack() : null;
let failed = false;
try {
  for (const [name, bench] of chosen) {
    ran.push(name);
    try {
      await bench(stack!);
    } catch (error) {
      failed = true;
      console.error(`bench ${name} failed:`, error);
    }
  }
  if (writesSummary) await writeSummary(summary(), ran);
} finally {
  await stack?.stop();
}
process.exit(failed ? 1 : 0);
