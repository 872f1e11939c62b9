import { describe, expect, it } from 'vitest';
import { safeRedirect } from './auth';

describe('safeRedirect (post-sign-in targets)', () => {
  it.each([
    ['https://evil.example', '/dashboard'],
    ['//evil.example', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['\\\\evil.example', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    ['JaVaScRiPt:alert(1)', '/dashboard'],
    ['/\tevil', '/dashboard'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['', '/dashboard'],
    [undefined, '/dashboard'],
    ['dashboard', '/dashboard'],
    ['/dashboard/recents?q=a#top', '/dashboard/recents?q=a#top'],
    ['/share/demo-abcdefghijkl', '/share/demo-abcdefghijkl'],
    ['/?subscribe=true', '/?subscribe=true'],
  ])('sends %j to %j', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it('uses the given fallback', () => {
    expect(safeRedirect('//evil.example', '/')).toBe('/');
  });
});
