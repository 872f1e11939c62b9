import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchPlan, REFUSED_SERVERLESS_ARGS } from '../../functions/domain/drift/browser';
import { replay, type ReplayStep } from '../../functions/domain/drift/replay';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { captureFlow } from '../fixtures/drift-app/flow';
import { startDriftApp, type DriftApp } from '../fixtures/drift-app/server';

// Unpacking the serverless Chromium (about 200 MB) takes seconds alone, longer on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let app: DriftApp;
let author: Browser;
beforeAll(async () => {
  app = await startDriftApp();
  process.env.DRIFT_ALLOWED_HOSTS = new URL(app.origin).host;
  author = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await author?.close();
  await app?.close();
});

describe('the Chromium the drift worker ships to Lambda (@sparticuz/chromium, unpacked from node_modules)', () => {
  it('replays a guide captured in the machine’s Chromium and finds every step, without the flags a check must not take', async () => {
    process.env.DRIFT_CHROMIUM = 'serverless';
    const plan = await launchPlan();
    expect(plan.executablePath).not.toBe(CHROMIUM_PATH);
    expect(plan.args).toContain('--single-process');
    for (const refused of REFUSED_SERVERLESS_ARGS) expect(plan.args.some((arg) => arg.startsWith(refused))).toBe(false);

    app.change({});
    const captured = await captureFlow(author, app.origin);
    const steps: ReplayStep[] = await Promise.all(
      captured.map(async (step, index) => {
        const { width, height } = await sharp(step.png).metadata();
        return { slideId: `s${index}`, capture: step.capture, screenshot: { bytes: step.png, width: width, height: height }, click: step.click };
      }),
    );
    const lambdaChromium = await chromium.launch({ executablePath: plan.executablePath, args: plan.args, headless: true });
    try {
      expect(lambdaChromium.version()).toMatch(/^\d+\./);
      const findings = await replay(steps, { browser: lambdaChromium });
      expect(findings.map((f) => [f.status, f.strategy])).toEqual(captured.map(() => ['found', 'role']));
      for (const finding of findings) expect(finding.score!).toBeLessThan(0.05);
    } finally {
      await lambdaChromium.close();
    }
  });
});
