import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entitlements, FREE_GUIDE_LIMIT } from './plan';
import { entitlementsDto, fromEntitlementsDto } from './plan-contracts';

describe('the plan', () => {
  it('imports no zod: the landing and pricing pages load it, and zod would put them over their script budget', () => {
    const source = readFileSync(path.join(import.meta.dirname, 'plan.ts'), 'utf8');
    expect(source).not.toMatch(/from ['"]zod['"]/);
    expect(source).not.toMatch(/from ['"]\.\/plan-contracts['"]/);
  });

  it('sends unlimited guides as null and reads them back as unlimited', () => {
    const pro = entitlementsDto(entitlements('active'));
    expect(pro.guideLimit).toBeNull();
    expect(fromEntitlementsDto(pro).guideLimit).toBe(Number.POSITIVE_INFINITY);
    expect(entitlementsDto(entitlements(null)).guideLimit).toBe(FREE_GUIDE_LIMIT);
  });
});
