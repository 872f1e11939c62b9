import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SummaryRow } from './support';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const SUMMARY_FILE = path.join(REPO_ROOT, 'docs/benchmarks.md');

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The summary table as Markdown: the date, the machine, then one row a figure. */
export function summaryMarkdown(rows: readonly SummaryRow[], benches: readonly string[], now = new Date()): string {
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;
  const lines = [
    '# Benchmarks',
    '',
    'Written by `npm run bench -- --summary` (tests/bench): each figure beside its baseline measured in the same run and its target.',
    'Targets are goals, reported here and never asserted in timed tests.',
    '',
    `- Date: ${now.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- Machine: ${machine} (load average ${os.loadavg().map((n) => n.toFixed(2)).join(', ')} at the end)`,
    `- Benchmarks run: ${benches.join(', ')}`,
    '',
    '| Measure | Figure | Same-run baseline | Target | Met |',
    '|---|---|---|---|---|',
    ...rows.map((row) => `| ${cell(row.measure)} | ${cell(row.figure)} | ${cell(row.baseline)} | ${cell(row.target)} | ${row.met === undefined ? '—' : row.met ? 'yes' : 'no'} |`),
    '',
  ];
  return lines.join('\n');
}

export async function writeSummary(rows: readonly SummaryRow[], benches: readonly string[]): Promise<void> {
  await writeFile(SUMMARY_FILE, summaryMarkdown(rows, benches));
  console.log(`\nThe summary table: ${path.relative(REPO_ROOT, SUMMARY_FILE)} (${rows.length} figures)`);
}
