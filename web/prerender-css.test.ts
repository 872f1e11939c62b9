import { describe, expect, it } from 'vitest';
import { withoutUnusedBlocks, withoutUnusedCustomProperties } from './prerender-css';

describe('withoutUnusedCustomProperties', () => {
  it('drops the declarations nothing mentions, and keeps those the styles or the code use', () => {
    const css = [':root{--used:1px;--unused:2px;--by-code:red;--chained:var(--base);--base:3px}', '.a{margin:var(--used);padding:var(--chained)}'];
    expect(withoutUnusedCustomProperties(css, 'fill="var(--by-code)"')).toEqual([
      ':root{--used:1px;--by-code:red;--chained:var(--base);--base:3px}',
      '.a{margin:var(--used);padding:var(--chained)}',
    ]);
  });

  it('follows chains: a property only an unused one mentions goes too', () => {
    expect(withoutUnusedCustomProperties([':root{--a:var(--b);--b:1px}.x{color:red}'], '')).toEqual([':root{}.x{color:red}']);
  });

  it('keeps a property whose name is a prefix of a used one (it cannot tell them apart safely)', () => {
    expect(withoutUnusedCustomProperties([':root{--space-1:1px;--space-12:12px}.x{gap:var(--space-12)}'], '')).toEqual([
      ':root{--space-1:1px;--space-12:12px}.x{gap:var(--space-12)}',
    ]);
  });

  it('handles a last declaration without its semicolon', () => {
    expect(withoutUnusedCustomProperties([':root{--a:1px;--b:2px}.x{top:var(--a)}'], '')).toEqual([':root{--a:1px;}.x{top:var(--a)}']);
  });
});

describe('withoutUnusedBlocks', () => {
  it("drops the rules of blocks the code never names, and keeps a named block's elements and modifiers (and a rule that selects more)", () => {
    const css = ['.player{color:red}.player--embed{color:blue}.player__bar{margin:0}', '.skip-link{top:0}.skip-link:focus{top:1px}', 'a,.stack{gap:1px}'];
    const code = 'className:`player player--${variant}`';
    expect(withoutUnusedBlocks(css, code)).toBe('.player{color:red}.player--embed{color:#00f}.player__bar{margin:0}a,.stack{gap:1px}');
  });

  it('matches whole words only: a block named inside another word is not named', () => {
    expect(withoutUnusedBlocks(['.stack{gap:0}.stacks{gap:1px}'], 'const stacks = 1')).toBe('.stacks{gap:1px}');
  });
});
