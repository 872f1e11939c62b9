import { describe, expect, it } from 'vitest';
import { SiteOriginError, siteBuildFromEnv } from './site-build';

describe('the site a web build is for', () => {
  it('is local by default, on the local server port', () => {
    expect(siteBuildFromEnv({})).toEqual({ origin: 'http://localhost:3000', stage: null });
    expect(siteBuildFromEnv({ PORT: '4123' })).toEqual({ origin: 'http://localhost:4123', stage: null });
    expect(siteBuildFromEnv({ VITE_SITE_ORIGIN: 'http://127.0.0.1:9000/' })).toEqual({ origin: 'http://127.0.0.1:9000', stage: null });
  });

  it("is a stage's when STEPCAST_DEPLOY_STAGE is set, with its https origin", () => {
    expect(siteBuildFromEnv({ STEPCAST_DEPLOY_STAGE: 'prod', VITE_SITE_ORIGIN: 'https://stepcast.example.com' })).toEqual({
      origin: 'https://stepcast.example.com',
      stage: 'prod',
    });
  });

  it('refuses a deploy build without a configured origin', () => {
    expect(() => siteBuildFromEnv({ STEPCAST_DEPLOY_STAGE: 'prod' })).toThrow(SiteOriginError);
    expect(() => siteBuildFromEnv({ STEPCAST_DEPLOY_STAGE: 'prod', PORT: '3000' })).toThrow(/npm run deploy -- --stage prod/);
  });

  it.each(['http://stepcast.example.com', 'https://localhost:3000', 'https://127.0.0.1', 'https://stepcast.example.com/app', 'stepcast.example.com'])(
    'refuses %s as a deployed origin',
    (origin) => {
      expect(() => siteBuildFromEnv({ STEPCAST_DEPLOY_STAGE: 'prod', VITE_SITE_ORIGIN: origin })).toThrow(SiteOriginError);
    },
  );
});
