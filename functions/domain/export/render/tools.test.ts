import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledFontsConfig, fontPath, useBundledFontsWhereNoneInstalled } from './tools';

/**
 * Draws a white label on black through sharp's SVG renderer in a fresh Node (fontconfig reads its
 * configuration once per process) and counts the white pixels.
 */
function whitePixels(env: Record<string, string>, useBundled: boolean): number {
  const tools = path.join(import.meta.dirname, 'tools.ts');
  const script = `
    delete process.env.FONTCONFIG_FILE;
    Object.assign(process.env, ${JSON.stringify(env)});
    const { useBundledFontsWhereNoneInstalled } = await import(${JSON.stringify(tools)});
    if (${useBundled} && !useBundledFontsWhereNoneInstalled('/nonexistent/fonts.conf')) throw new Error('not set');
    const sharp = (await import('sharp')).default;
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><rect width="200" height="60" fill="#000"/><text x="10" y="40" font-family="DejaVu Sans" font-size="30" fill="#fff">Start</text></svg>';
    const { data } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
    let white = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] > 200) white++;
    console.log(white);`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, FONTCONFIG_FILE: '' } });
  expect(run.status, run.stderr).toBe(0);
  return Number(run.stdout.trim());
}

describe('fonts for text drawn from SVG where the machine has none (Lambda)', () => {
  it('writes a fontconfig file that knows only the shipped DejaVu folder', () => {
    expect(bundledFontsConfig()).toContain(`<dir>${path.dirname(fontPath())}</dir>`);
  });

  it('leaves a machine with its own fontconfig alone', () => {
    const saved = process.env.FONTCONFIG_FILE;
    delete process.env.FONTCONFIG_FILE;
    const system = path.join(os.tmpdir(), `fonts-${process.pid}.conf`);
    writeFileSync(system, '<fontconfig/>');
    try {
      expect(useBundledFontsWhereNoneInstalled(system)).toBe(false);
      expect(process.env.FONTCONFIG_FILE).toBeUndefined();
    } finally {
      if (saved !== undefined) process.env.FONTCONFIG_FILE = saved;
    }
  });

  it('draws the label in DejaVu when fontconfig knows no fonts, where without it only fallback boxes are drawn', () => {
    const noFonts = path.join(os.tmpdir(), `no-fonts-${process.pid}.conf`);
    writeFileSync(noFonts, `<?xml version="1.0"?><fontconfig><cachedir>${os.tmpdir()}/no-fonts-cache</cachedir></fontconfig>`);
    const without = whitePixels({ FONTCONFIG_FILE: noFonts }, false);
    const withBundled = whitePixels({}, true);
    expect(withBundled).toBeGreaterThan(300);
    expect(withBundled).not.toBe(without);
  }, 60_000);
});
