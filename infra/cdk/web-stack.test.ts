import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { CachePolicy } from 'aws-cdk-lib/aws-cloudfront';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  API_CONTENT_SECURITY_POLICY,
  HSTS_MAX_AGE_SECONDS,
  contentSecurityPolicy,
  uploadConnectSrc,
} from '#shared/security-headers';
import { FUNCTIONS } from '../../functions/routes';
import {
  ASSET_CACHE_CONTROL_SOURCE,
  CLOUDFRONT_FUNCTION_MAX_BYTES,
  FORWARD_HOST_SOURCE,
  STRIP_ASSETS_PREFIX_SOURCE,
  parsePrerenderedManifest,
  spaFallbackSource,
  viewerRequestFunction,
  viewerRequestOrResponse,
  NOT_FOUND_SHELL,
  NOT_FOUND_STATUS_SOURCE,
  PRERENDERED_SHELL,
  viewerResponseFunction,
} from './cloudfront-functions';
import { UsageError } from './errors';
import { EDGE_ENTRY, fromRoot } from './paths';
import { API_FORWARDED_HEADERS, IMMUTABLE_CACHE_CONTROL, ORIGIN_VERIFY_HEADER, REVALIDATE_CACHE_CONTROL, SHARE_API_PATH_PATTERN } from './behaviours';
import { CDN_INVALIDATION_QUEUE_ENV } from '#shared/workers';
import { INVALIDATION_BATCH_SIZE, INVALIDATION_BATCH_WINDOW_SECONDS, cdnInvalidationQueueName } from './constructs/asset-invalidation';
import { CACHED_ERROR_STATUSES } from './stacks/web-stack';
import { LogicalRef, builtSiteDir, emptySiteDir, onlyResource, resourceById, synthStepcast } from './test-support';

const dev = synthStepcast({ stage: 'dev' });
/** The asset bucket's regional endpoint for the placeholder account in us-east-1. */
const DEV_UPLOAD_ORIGIN = 'https://stepcast-dev-assets-111111111111-us-east-1.s3.us-east-1.amazonaws.com';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const FunctionAssociation = z.object({ EventType: z.string(), FunctionARN: LogicalRef });
const Behavior = z.object({
  PathPattern: z.string().optional(),
  TargetOriginId: z.string(),
  ViewerProtocolPolicy: z.string(),
  /** a managed policy's id, or the logical id of one of ours */
  CachePolicyId: z.union([LogicalRef, z.string()]),
  OriginRequestPolicyId: z.union([LogicalRef, z.string()]).optional(),
  ResponseHeadersPolicyId: LogicalRef,
  AllowedMethods: z.array(z.string()).optional(),
  FunctionAssociations: z.array(FunctionAssociation).optional(),
  LambdaFunctionAssociations: z.array(z.object({ EventType: z.string(), LambdaFunctionARN: LogicalRef })).optional(),
});
const Origin = z.object({ Id: z.string(), DomainName: z.unknown(), OriginAccessControlId: z.unknown().optional() }).passthrough();
const DistributionResource = z.object({
  Properties: z.object({
    DistributionConfig: z.object({
      DefaultRootObject: z.string(),
      DefaultCacheBehavior: Behavior,
      CacheBehaviors: z.array(Behavior),
      Origins: z.array(Origin),
      CustomErrorResponses: z.array(z.record(z.string(), z.unknown())).optional(),
    }),
  }),
});
const config = onlyResource(dev.web, 'AWS::CloudFront::Distribution', DistributionResource).Properties.DistributionConfig;

function behavior(pattern: string): z.output<typeof Behavior> {
  const found = config.CacheBehaviors.find((b) => b.PathPattern === pattern);
  if (!found) throw new Error(`no behaviour ${pattern}`);
  return found;
}
function origin(id: string): z.output<typeof Origin> {
  const found = config.Origins.find((o) => o.Id === id);
  if (!found) throw new Error(`no origin ${id}`);
  return found;
}

const HeadersPolicy = z.object({
  Properties: z.object({
    ResponseHeadersPolicyConfig: z.object({
      SecurityHeadersConfig: z.object({
        StrictTransportSecurity: z.object({
          AccessControlMaxAgeSec: z.number(),
          IncludeSubdomains: z.boolean(),
          Preload: z.boolean().optional(),
          Override: z.boolean(),
        }),
        ContentTypeOptions: z.object({ Override: z.boolean() }),
        ReferrerPolicy: z.object({ ReferrerPolicy: z.string(), Override: z.boolean() }),
        FrameOptions: z.object({ FrameOption: z.string(), Override: z.boolean() }).optional(),
        ContentSecurityPolicy: z.object({ ContentSecurityPolicy: z.string(), Override: z.boolean() }).optional(),
      }),
      CustomHeadersConfig: z
        .object({ Items: z.array(z.object({ Header: z.string(), Value: z.string(), Override: z.boolean() })) })
        .optional(),
      RemoveHeadersConfig: z.object({ Items: z.array(z.object({ Header: z.string() })) }).optional(),
    }),
  }),
});
function headersPolicyOf(pattern?: string) {
  const b = pattern ? behavior(pattern) : config.DefaultCacheBehavior;
  return resourceById(dev.web, b.ResponseHeadersPolicyId, HeadersPolicy).Properties.ResponseHeadersPolicyConfig;
}

const CachePolicyResource = z.object({
  Properties: z.object({
    CachePolicyConfig: z.object({
      DefaultTTL: z.number(),
      MaxTTL: z.number(),
      MinTTL: z.number(),
      ParametersInCacheKeyAndForwardedToOrigin: z.record(z.string(), z.unknown()),
    }),
  }),
});
const OriginRequestPolicyResource = z.object({
  Properties: z.object({ OriginRequestPolicyConfig: z.record(z.string(), z.unknown()) }),
});
const CloudFrontFunctionResource = z.object({
  Properties: z.object({ FunctionCode: z.string(), FunctionConfig: z.object({ Runtime: z.string() }) }),
});
function functionCodeOf(association: z.output<typeof FunctionAssociation> | undefined, synth = dev): string {
  if (!association) throw new Error('no function association');
  return resourceById(synth.web, association.FunctionARN, CloudFrontFunctionResource).Properties.FunctionCode;
}

describe('web stack: behaviours', () => {
  it('default: the SPA bucket through OAC, cached, the SPA fallback on viewer request and the not-found status on viewer response', () => {
    const b = config.DefaultCacheBehavior;
    expect(b.CachePolicyId).toBe(CachePolicy.CACHING_OPTIMIZED.cachePolicyId);
    expect(b.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(JSON.stringify(origin(b.TargetOriginId).DomainName)).toContain('SiteBucket');
    expect(origin(b.TargetOriginId).OriginAccessControlId).toBeDefined();
    expect(b.FunctionAssociations?.map((f) => f.EventType)).toEqual(['viewer-request', 'viewer-response']);
    expect(functionCodeOf(b.FunctionAssociations?.[1])).toBe(NOT_FOUND_STATUS_SOURCE);
    // No prerendered.json in the (empty) site: every extensionless path gets /index.html.
    expect(functionCodeOf(b.FunctionAssociations?.[0])).toBe(spaFallbackSource([]));
    expect(config.DefaultRootObject).toBe('index.html');
  });

  it('default: only this distribution may read the SPA bucket, and may list it so a missing file is a 404', () => {
    dev.web.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: Match.stringLikeRegexp('^SiteBucket') },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: ['s3:GetObject', 's3:ListBucket'],
            Condition: { StringEquals: { 'AWS:SourceArn': Match.objectLike({ 'Fn::Join': Match.anyValue() }) } },
          }),
        ]),
      },
    });
    expect(JSON.stringify(dev.web.findResources('AWS::S3::BucketPolicy'))).toMatch(/:distribution\/",\{"Ref":"Distribution/);
  });

  it('/api/*: the HTTP API over https only, no caching, every method', () => {
    const b = behavior('/api/*');
    expect(b.ViewerProtocolPolicy).toBe('https-only');
    expect(b.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(b.AllowedMethods?.slice().sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    const domain = z
      .object({ 'Fn::Select': z.tuple([z.literal(2), z.object({ 'Fn::Split': z.tuple([z.literal('/'), z.unknown()]) })]) })
      .parse(origin(b.TargetOriginId).DomainName);
    expect(JSON.stringify(domain['Fn::Select'][1]['Fn::Split'][1])).toContain('ApiEndpoint');
    expect(functionCodeOf(b.FunctionAssociations?.[0])).toBe(FORWARD_HOST_SOURCE);
  });

  it('/api/share/*: the HTTP API, before /api/*, GET and HEAD only, the forwarded host as on /api/*', () => {
    const patterns = config.CacheBehaviors.map((b) => b.PathPattern);
    expect(patterns.indexOf(SHARE_API_PATH_PATTERN)).toBeLessThan(patterns.indexOf('/api/*'));
    const b = behavior(SHARE_API_PATH_PATTERN);
    expect(b.TargetOriginId).toBe(behavior('/api/*').TargetOriginId);
    expect(b.ViewerProtocolPolicy).toBe('https-only');
    expect(b.AllowedMethods?.slice().sort()).toEqual(['GET', 'HEAD']);
    expect(b.FunctionAssociations?.map((f) => [f.EventType, functionCodeOf(f)])).toEqual([['viewer-request', FORWARD_HOST_SOURCE]]);
  });

  it("/api/*: forwards cookies, query strings, the headers the handlers read and CloudFront's viewer address, never Host", () => {
    const policy = resourceById(
      dev.web,
      z.string().parse(behavior('/api/*').OriginRequestPolicyId),
      z.object({
        Properties: z.object({
          OriginRequestPolicyConfig: z.object({
            CookiesConfig: z.object({ CookieBehavior: z.string() }),
            QueryStringsConfig: z.object({ QueryStringBehavior: z.string() }),
            HeadersConfig: z.object({ HeaderBehavior: z.string(), Headers: z.array(z.string()) }),
          }),
        }),
      }),
    ).Properties.OriginRequestPolicyConfig;
    expect(policy.CookiesConfig.CookieBehavior).toBe('all');
    expect(policy.QueryStringsConfig.QueryStringBehavior).toBe('all');
    expect(policy.HeadersConfig.HeaderBehavior).toBe('whitelist');
    const headers = policy.HeadersConfig.Headers.map((h) => h.toLowerCase());
    expect(headers).toContain('cloudfront-viewer-address');
    expect(headers).not.toContain('host');
    // CloudFront's quota: at most 10 headers in an origin request policy.
    expect(headers.length).toBeLessThanOrEqual(10);
  });

  it('/api/*: forwards every request header a handler reads (a header missing here would vanish in AWS only)', () => {
    const read = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts') && !file.includes(`${path.sep}edge${path.sep}`)) {
          const source = readFileSync(file, 'utf8');
          for (const match of source.matchAll(/(?:header\(event, |headers\??\.?\[)'([a-z0-9-]+)'/g)) read.add(match[1]!);
        }
      }
    };
    walk(fromRoot('functions'));
    // Sent or set by CloudFront and API Gateway themselves, not viewer headers.
    for (const own of ['host', 'content-length', 'x-forwarded-proto', ORIGIN_VERIFY_HEADER]) read.delete(own);
    const forwarded = API_FORWARDED_HEADERS.map((h) => h.toLowerCase());
    expect([...read].filter((h) => !forwarded.includes(h))).toEqual([]);
  });

  it('sends the API the origin-verify secret in x-origin-verify, by dynamic reference, never in the template', () => {
    const api = origin(behavior('/api/*').TargetOriginId);
    const CustomHeaders = z.object({ OriginCustomHeaders: z.array(z.object({ HeaderName: z.string(), HeaderValue: z.unknown() })) });
    const headers = CustomHeaders.parse(api).OriginCustomHeaders;
    expect(headers.map((h) => h.HeaderName)).toEqual([ORIGIN_VERIFY_HEADER]);
    const value = JSON.stringify(headers[0]!.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toMatch(/OriginVerifySecret[0-9A-F]{8}/);
    expect(value).toContain(':SecretString:::}}');
    // The same origin serves /api/share/*, so the edge handler's reads carry it too.
    expect(behavior(SHARE_API_PATH_PATTERN).TargetOriginId).toBe(behavior('/api/*').TargetOriginId);
    // The S3 origins never get it.
    for (const other of config.Origins.filter((o) => o.Id !== api.Id)) expect(JSON.stringify(other)).not.toContain('x-origin-verify');
  });

  it("/api/share/*: cached only as the API's Cache-Control says (at most an hour, cleared on change), keyed on the path and ?lang= alone", () => {
    const cache = resourceById(dev.web, behavior(SHARE_API_PATH_PATTERN).CachePolicyId, CachePolicyResource).Properties.CachePolicyConfig;
    expect([cache.MinTTL, cache.DefaultTTL, cache.MaxTTL]).toEqual([0, 0, 3600]);
    expect(cache.ParametersInCacheKeyAndForwardedToOrigin).toEqual({
      CookiesConfig: { CookieBehavior: 'none' },
      HeadersConfig: { HeaderBehavior: 'none' },
      QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['lang'] },
      EnableAcceptEncodingGzip: true,
      EnableAcceptEncodingBrotli: true,
    });
  });

  it("/api/share/*: still sends the viewer's cookies (members read private guides) and the host, no query string", () => {
    const policy = resourceById(
      dev.web,
      z.string().parse(behavior(SHARE_API_PATH_PATTERN).OriginRequestPolicyId),
      OriginRequestPolicyResource,
    ).Properties.OriginRequestPolicyConfig;
    expect(policy).toMatchObject({
      CookiesConfig: { CookieBehavior: 'all' },
      HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['x-forwarded-host'] },
      QueryStringsConfig: { QueryStringBehavior: 'none' },
    });
  });

  it('/api/share/*: never lets a Set-Cookie out, so a cached answer cannot carry a session', () => {
    const policy = headersPolicyOf(SHARE_API_PATH_PATTERN);
    expect(policy.RemoveHeadersConfig?.Items).toEqual([{ Header: 'set-cookie' }]);
    expect(policy.SecurityHeadersConfig.ContentSecurityPolicy?.ContentSecurityPolicy).toBe(API_CONTENT_SECURITY_POLICY);
    expect(headersPolicyOf('/api/*').RemoveHeadersConfig).toBeUndefined();
  });

  it('/assets/*: the asset bucket through OAC, cached for a year', () => {
    const b = behavior('/assets/*');
    const target = origin(b.TargetOriginId);
    expect(JSON.stringify(target.DomainName)).toContain('AssetBucket');
    expect(target.OriginAccessControlId).toBeDefined();
    const cache = resourceById(dev.web, b.CachePolicyId, CachePolicyResource);
    expect(cache.Properties.CachePolicyConfig.DefaultTTL).toBe(ONE_YEAR_SECONDS);
    expect(cache.Properties.CachePolicyConfig.MaxTTL).toBe(ONE_YEAR_SECONDS);
    expect(b.FunctionAssociations?.map((f) => [f.EventType, functionCodeOf(f)])).toEqual([
      ['viewer-request', STRIP_ASSETS_PREFIX_SOURCE],
      ['viewer-response', ASSET_CACHE_CONTROL_SOURCE],
    ]);
    // Caching is the viewer-response function's, which leaves errors alone; a policy header would not.
    const custom = headersPolicyOf('/assets/*').CustomHeadersConfig?.Items ?? [];
    expect(custom.map((h) => h.Header)).not.toContain('cache-control');
  });

  it('/share/*: the Lambda@Edge share handler on origin request, briefly cached, seeing the viewer Host', () => {
    const b = behavior('/share/*');
    expect(b.LambdaFunctionAssociations?.map((l) => l.EventType)).toEqual(['origin-request']);
    const version = resourceById(
      dev.web,
      b.LambdaFunctionAssociations![0]!.LambdaFunctionARN,
      z.object({ Type: z.literal('AWS::Lambda::Version'), Properties: z.object({ FunctionName: LogicalRef }) }),
    );
    dev.web.hasResource('AWS::Lambda::Function', {
      Properties: Match.objectLike({ Runtime: 'nodejs22.x', MemorySize: 512, Timeout: 5, Handler: 'index.handler' }),
    });
    const edge = resourceById(
      dev.web,
      version.Properties.FunctionName,
      z.object({ Properties: z.object({ Runtime: z.string(), MemorySize: z.number(), Timeout: z.number() }) }),
    );
    expect(edge.Properties).toEqual({ Runtime: 'nodejs22.x', MemorySize: 512, Timeout: 5 });
    const cache = resourceById(dev.web, b.CachePolicyId, CachePolicyResource);
    expect(cache.Properties.CachePolicyConfig.MaxTTL).toBeLessThanOrEqual(300);
    // The page's first frame shows the step, play state and view (watch, read, try) its search
    // names: those three, and only those, key the cache and reach the edge (a utm_ parameter
    // neither splits the cache nor leaks).
    expect(cache.Properties.CachePolicyConfig.ParametersInCacheKeyAndForwardedToOrigin['QueryStringsConfig']).toEqual({
      QueryStringBehavior: 'whitelist',
      QueryStrings: ['step', 'autoplay', 'view'],
    });
    dev.web.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: Match.objectLike({ HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Host'] } }),
    });
  });

  it('keeps no error an instant longer than its origin says, and never swaps in an error page', () => {
    // CloudFront ignores no-store on 400, 403, 405 and 5xx and keeps them the Error Caching Minimum TTL.
    expect(config.CustomErrorResponses).toEqual(CACHED_ERROR_STATUSES.map((code) => ({ ErrorCode: code, ErrorCachingMinTTL: 0 })));
    expect(CACHED_ERROR_STATUSES).toEqual(expect.arrayContaining([400, 403, 404, 405, 500, 502, 503, 504]));
  });

  it('has exactly the five behaviours', () => {
    expect(config.CacheBehaviors.map((b) => b.PathPattern).sort()).toEqual(['/api/*', '/api/share/*', '/assets/*', '/share/*']);
  });

  it('outputs the distribution URL', () => {
    dev.web.hasOutput('DistributionUrl', {
      Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('^Distribution'), 'DomainName'] }]] },
    });
  });
});

describe('web stack: deleted assets leave the edge caches', () => {
  it('the asset bucket sends its events to EventBridge', () => {
    dev.data.hasResourceProperties('Custom::S3BucketNotifications', { BucketName: { Ref: Match.stringLikeRegexp('^AssetBucket') }, NotificationConfiguration: { EventBridgeConfiguration: {} } });
  });

  it("a rule puts the bucket's Object Deleted events on a queue with a dead-letter queue, read in batches", () => {
    dev.web.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: { source: ['aws.s3'], 'detail-type': ['Object Deleted'], detail: { bucket: { name: [Match.anyValue()] } } },
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('AssetInvalidationQueue'), 'Arn'] } })],
    });
    dev.web.hasResourceProperties('AWS::SQS::Queue', { RedrivePolicy: { maxReceiveCount: 5, deadLetterTargetArn: Match.anyValue() }, SqsManagedSseEnabled: true });
    dev.web.hasResourceProperties('AWS::Lambda::EventSourceMapping', { BatchSize: INVALIDATION_BATCH_SIZE, MaximumBatchingWindowInSeconds: INVALIDATION_BATCH_WINDOW_SECONDS });
  });

  it('the function may invalidate this distribution only, and knows its id', () => {
    dev.web.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'cloudfront:CreateInvalidation',
            Resource: { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':cloudfront::'), { Ref: Match.stringLikeRegexp('^Distribution') }])] },
          }),
        ]),
      },
    });
    dev.web.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: Match.objectLike({ DISTRIBUTION_ID: { Ref: Match.stringLikeRegexp('^Distribution') } }) } });
  });

  it('takes the share answers the API sends to clear on the same queue, named so that the API stack needs no reference to this one', () => {
    dev.web.hasResourceProperties('AWS::SQS::Queue', { QueueName: cdnInvalidationQueueName('dev') });
    const guides = Object.values(dev.api.toJSON().Resources as Record<string, { Type: string; Properties: { Environment?: { Variables?: Record<string, unknown> }; Description?: string } }>).find(
      (resource) => resource.Type === 'AWS::Lambda::Function' && resource.Properties.Description === 'Stepcast dev: guides',
    );
    expect(JSON.stringify(guides?.Properties.Environment?.Variables?.[CDN_INVALIDATION_QUEUE_ENV])).toContain(cdnInvalidationQueueName('dev'));
    dev.api.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Action: 'sqs:SendMessage', Resource: Match.stringLikeRegexp(`^arn:aws:sqs:.*:${cdnInvalidationQueueName('dev')}$`) }),
        ]),
      },
    });
  });
});

describe('web stack: security headers', () => {
  it.each(['default', '/api/*', '/api/share/*', '/assets/*'])('%s: HSTS, nosniff, referrer policy, DENY framing, a CSP', (pattern) => {
    const policy = headersPolicyOf(pattern === 'default' ? undefined : pattern).SecurityHeadersConfig;
    expect(policy.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS,
      IncludeSubdomains: true,
      Preload: false,
      Override: true,
    });
    expect(policy.ContentTypeOptions.Override).toBe(true);
    expect(policy.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
    expect(policy.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(policy.ContentSecurityPolicy?.ContentSecurityPolicy).toContain(pattern === '/assets/*' ? 'sandbox' : "frame-ancestors 'none'");
    expect(policy.ContentSecurityPolicy?.Override).toBe(true);
  });

  it('pages send the SPA CSP allowing uploads to the asset bucket, assets a sandbox that runs nothing, the API its JSON-only CSP', () => {
    expect(dev.stacks.data.uploadOrigin).toBe(DEV_UPLOAD_ORIGIN);
    const pageCsp = headersPolicyOf().SecurityHeadersConfig.ContentSecurityPolicy?.ContentSecurityPolicy;
    expect(pageCsp).toBe(contentSecurityPolicy('none', uploadConnectSrc(DEV_UPLOAD_ORIGIN)));
    expect(pageCsp).toContain(`connect-src 'self' ${DEV_UPLOAD_ORIGIN};`);
    expect(headersPolicyOf('/assets/*').SecurityHeadersConfig.ContentSecurityPolicy?.ContentSecurityPolicy).toBe("default-src 'none'; sandbox");
    expect(headersPolicyOf('/api/*').SecurityHeadersConfig.ContentSecurityPolicy?.ContentSecurityPolicy).toBe(
      API_CONTENT_SECURITY_POLICY,
    );
  });

  it('/share/*: HSTS and nosniff but no CSP or frame options, which the edge handler sets per page', () => {
    const policy = headersPolicyOf('/share/*').SecurityHeadersConfig;
    expect(policy.StrictTransportSecurity.AccessControlMaxAgeSec).toBe(HSTS_MAX_AGE_SECONDS);
    expect(policy.ContentTypeOptions.Override).toBe(true);
    expect(policy.ContentSecurityPolicy).toBeUndefined();
    expect(policy.FrameOptions).toBeUndefined();
  });

  it('sends the shared headers CloudFront has no field for as custom headers', () => {
    const custom = headersPolicyOf().CustomHeadersConfig?.Items.map((h) => h.Header).sort();
    expect(custom).toEqual(['cross-origin-opener-policy', 'permissions-policy']);
  });
});

describe('web stack: CloudFront Functions', () => {
  const request = (uri: string, headers: Record<string, { value: string }> = {}) => ({ uri, headers });
  const runViewerRequest = (source: string, req: ReturnType<typeof request>) => viewerRequestFunction(source)(req);

  it.each([
    ['/', '/index.html'],
    ['/guides', '/index.html'],
    ['/guides/abc123/edit', '/index.html'],
    ['/settings/', '/index.html'],
    ['/pricing', '/index.html'],
    ['/static/app-1a2b.js', '/static/app-1a2b.js'],
    ['/favicon.ico', '/favicon.ico'],
    ['/index.html', '/index.html'],
  ])('SPA fallback, nothing prerendered: %s → %s', (uri, expected) => {
    expect(runViewerRequest(spaFallbackSource(), request(uri)).uri).toBe(expected);
  });

  it.each([
    ['/guides/my.guide/edit', '/index.html'],
    ['/v1.2/guide', '/index.html'],
    ['/static/missing-1a2b.js', '/static/missing-1a2b.js'],
  ])('SPA fallback looks at the last segment only: %s → %s', (uri, expected) => {
    expect(runViewerRequest(spaFallbackSource(), request(uri)).uri).toBe(expected);
  });

  const PRERENDERED = ['/', '/pricing', '/gallery/', '/gallery/acme-crm', '/compare', '/compare/loom-alternative', '/terms', '/privacy'];
  it.each([
    ['/', '/index.html'],
    ['/pricing', '/pricing/index.html'],
    ['/pricing/', '/pricing/index.html'],
    ['/gallery', '/gallery/index.html'],
    ['/gallery/', '/gallery/index.html'],
    ['/gallery/acme-crm', '/gallery/acme-crm/index.html'],
    ['/gallery/acme-crm/', '/gallery/acme-crm/index.html'],
    ['/compare/loom-alternative', '/compare/loom-alternative/index.html'],
    ['/privacy', '/privacy/index.html'],
    // No page, no route of the app: the not-found shell, answered 404.
    ['/gallery/unknown-item', '/__not-found.html'],
    ['/Pricing', '/__not-found.html'],
    ['/pricing/extra', '/__not-found.html'],
    ['/dashboard/recents', '/__spa-fallback.html'],
    // /share/* has a behaviour of its own (the edge); here it would be no page.
    ['/share/how-to-x-abcdefghijkl', '/__not-found.html'],
    ['/pricing/index.html', '/pricing/index.html'],
    ['/static/app-1a2b.js', '/static/app-1a2b.js'],
  ])('SPA fallback, landing page and others prerendered: %s → %s', (uri, expected) => {
    expect(runViewerRequest(spaFallbackSource(PRERENDERED), request(uri)).uri).toBe(expected);
  });

  it('SPA fallback without a prerendered landing page keeps /index.html as the shell', () => {
    const source = spaFallbackSource(['/pricing']);
    expect(runViewerRequest(source, request('/pricing')).uri).toBe('/pricing/index.html');
    expect(runViewerRequest(source, request('/dashboard/recents')).uri).toBe('/index.html');
    expect(runViewerRequest(source, request('/')).uri).toBe('/index.html');
  });

  it.each([
    ['pricing', /does not start with \//],
    ['/a//b', /empty segment/],
    ['/"; throw 1; "', /character outside/],
    ['/gallery/<script>', /character outside/],
    ['/café', /character outside/],
    ['/x?y', /character outside/],
    ['/../etc', /\. or \.\. segment/],
    ['/feed.xml', /dot in its last segment/],
  ])('refuses %j as a prerendered path, in one line', (page, message) => {
    expect(() => spaFallbackSource([page], 'web/dist/prerendered.json')).toThrow(UsageError);
    expect(() => spaFallbackSource([page], 'web/dist/prerendered.json')).toThrow(message);
  });

  it.each([
    ['not JSON', '{', /not valid JSON/],
    ['an object', '{"paths":["/"]}', /JSON array of page paths/],
    ['a number in the list', '["/", 1]', /JSON array of page paths/],
  ])('refuses a prerendered.json that is %s', (_case, text, message) => {
    expect(() => parsePrerenderedManifest(text, 'web/dist/prerendered.json')).toThrow(message);
  });

  it('bakes the list in safely within the 10 KB of a CloudFront Function, and says when it would not fit', () => {
    // About 42 bytes a page of this length: 200 fit (the site has under 20 today), 400 do not.
    const gallery = Array.from({ length: 200 }, (_, i) => `/gallery/customer-onboarding-flow-${i}`);
    const source = spaFallbackSource(['/', ...gallery]);
    expect(Buffer.byteLength(source)).toBeLessThanOrEqual(CLOUDFRONT_FUNCTION_MAX_BYTES);
    expect(runViewerRequest(source, request('/gallery/customer-onboarding-flow-199')).uri).toBe(
      '/gallery/customer-onboarding-flow-199/index.html',
    );
    const tooMany = Array.from({ length: 400 }, (_, i) => `/gallery/customer-onboarding-flow-${i}`);
    expect(() => spaFallbackSource(tooMany, 'web/dist/prerendered.json')).toThrow(/over CloudFront Functions' 10240/);
  });

  it.each([
    [200, IMMUTABLE_CACHE_CONTROL],
    [206, IMMUTABLE_CACHE_CONTROL],
    [304, IMMUTABLE_CACHE_CONTROL],
    [403, undefined],
    [404, undefined],
  ])('asset answers with status %i get cache-control %s', (statusCode, expected) => {
    const response = viewerResponseFunction(ASSET_CACHE_CONTROL_SOURCE)({ statusCode, headers: {} });
    expect(response.headers['cache-control']?.value).toBe(expected);
  });

  it.each([
    ['/assets/pending/orgs/o/guides/g/up.png'],
    ['/assets/private/orgs/o/guides/g/shot.png'],
    ['/assets/private%2Forgs/o/guides/g/shot.png'],
    ['/assets/%00'],
    ['/assets/orgs/../x.png'],
  ])('answers %s with a 404 of its own, before the bucket', (uri) => {
    const result = viewerRequestOrResponse(STRIP_ASSETS_PREFIX_SOURCE)(request(uri));
    expect('statusCode' in result && result.statusCode).toBe(404);
  });

  it.each([
    ['/orgs/o/guides/g/shot.png', 'image/png', undefined],
    ['/orgs/o/guides/g/voice.mp3', 'audio/mpeg', undefined],
    ['/orgs/o/guides/g/evil.svg', 'application/octet-stream', 'attachment'],
    ['/orgs/o/guides/g/export.pdf', 'application/pdf', 'attachment'],
  ])('gives the asset %s the type %s of its extension', (uri, type, disposition) => {
    const response = viewerResponseFunction(ASSET_CACHE_CONTROL_SOURCE)(
      { statusCode: 200, headers: { 'content-type': { value: 'text/html' } } },
      { uri, headers: {} },
    );
    expect(response.headers['content-type']?.value).toBe(type);
    expect(response.headers['content-disposition']?.value).toBe(disposition);
  });

  it('strips /assets from asset paths', () => {
    expect(runViewerRequest(STRIP_ASSETS_PREFIX_SOURCE, request('/assets/org/guide/slide-1.png')).uri).toBe(
      '/org/guide/slide-1.png',
    );
  });

  it("copies the viewer's Host into x-forwarded-host, overwriting a forged one", () => {
    const result = runViewerRequest(
      FORWARD_HOST_SOURCE,
      request('/api/health', { host: { value: 'stepcast.example.com' }, 'x-forwarded-host': { value: 'evil.example' } }),
    );
    expect(result.headers['x-forwarded-host']).toEqual({ value: 'stepcast.example.com' });
  });
});

describe('web stack: SPA deployment', () => {
  it('skips the upload with a warning when web/dist has no build', () => {
    dev.web.resourceCountIs('Custom::CDKBucketDeployment', 0);
    const unbuilt = synthStepcast({ stage: 'dev', siteDir: emptySiteDir() });
    unbuilt.web.resourceCountIs('Custom::CDKBucketDeployment', 0);
    Annotations.fromStack(unbuilt.stacks.web).hasWarning('*', Match.stringLikeRegexp('the SPA is not deployed'));
  });

  it('uploads a build: hashed bundles immutable and kept, the shell revalidated, the cache cleared', () => {
    const built = synthStepcast({ stage: 'dev', siteDir: builtSiteDir() });
    built.web.resourceCountIs('Custom::CDKBucketDeployment', 2);
    built.web.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: 'static/',
      SystemMetadata: { 'cache-control': IMMUTABLE_CACHE_CONTROL },
      Prune: false,
    });
    built.web.hasResource('Custom::CDKBucketDeployment', {
      Properties: Match.objectLike({
        SystemMetadata: { 'cache-control': REVALIDATE_CACHE_CONTROL },
        Exclude: ['static/*'],
        DistributionPaths: ['/*'],
      }),
      DependsOn: Match.arrayWith([Match.stringLikeRegexp('^DeploySiteBundles')]),
    });
  });
});

describe('web stack: the site a build was made for', () => {
  const uploads = (synthesised: ReturnType<typeof synthStepcast>) => Object.keys(synthesised.web.findResources('Custom::CDKBucketDeployment')).length;

  it('uploads a build made for this stage', () => {
    expect(uploads(synthStepcast({ stage: 'dev', siteDir: builtSiteDir({ stage: 'dev' }) }))).toBe(2);
    const withDomain = synthStepcast({
      stage: 'prod',
      domain: { domainName: 'stepcast.example.com', hostedZoneId: 'Z0123456789ABCDEFGHIJ' },
      siteDir: builtSiteDir({ stage: 'prod', origin: 'https://stepcast.example.com' }),
    });
    expect(uploads(withDomain)).toBe(2);
  });

  it("leaves out another stage's build, with a warning naming npm run deploy", () => {
    const synthesised = synthStepcast({ stage: 'prod', siteDir: builtSiteDir({ stage: 'staging', origin: 'https://staging.example.com' }) });
    expect(uploads(synthesised)).toBe(0);
    Annotations.fromStack(synthesised.stacks.web).hasWarning('*', Match.stringLikeRegexp('built for stage staging'));
    Annotations.fromStack(synthesised.stacks.web).hasWarning('*', Match.stringLikeRegexp('npm run deploy -- --stage prod'));
  });

  /** What each upload replaces in the files it uploads (BucketDeployment's markers), by upload. */
  const replacements = (synthesised: ReturnType<typeof synthStepcast>) =>
    Object.entries(synthesised.web.findResources('Custom::CDKBucketDeployment')).map(([id, resource]) => [
      id.replace(/[0-9A-F]{8}$/, ''),
      JSON.stringify(z.object({ Properties: z.object({ SourceMarkers: z.unknown().optional() }) }).parse(resource).Properties.SourceMarkers ?? null),
    ]);

  it("uploads a local build (npm run build, npm test), every file's localhost origin replaced by the distribution's own name", () => {
    const synthesised = synthStepcast({ stage: 'dev', siteDir: builtSiteDir({ stage: null, origin: 'http://localhost:3000' }) });
    expect(uploads(synthesised)).toBe(2);
    for (const [id, markers] of replacements(synthesised)) {
      expect(markers, id).toMatch(/^\[\{"http:\/\/localhost:3000":\{"Fn::Join":\["",\["https:\/\/",\{"Fn::GetAtt":\["Distribution[0-9A-F]{8}","DomainName"\]\}\]\]\}\}\]$/);
    }
  });

  it("uploads a stage's build made for its CloudFront name (the pipeline's, or the first deploy's) the same way, to its own distribution", () => {
    const synthesised = synthStepcast({ stage: 'dev', siteDir: builtSiteDir({ stage: 'dev', origin: 'https://d999999abcdef8.cloudfront.net' }) });
    for (const [id, markers] of replacements(synthesised)) expect(markers, id).toContain('"https://d999999abcdef8.cloudfront.net":');
  });

  it('uploads a local build to a stage with its own domain with the domain in its pages, and a build for that origin as it is', () => {
    const domain = { domainName: 'stepcast.example.com', hostedZoneId: 'Z0123456789ABCDEFGHIJ' };
    const local = synthStepcast({ stage: 'prod', domain, siteDir: builtSiteDir({ stage: null, origin: 'http://localhost:3000' }) });
    for (const [id, markers] of replacements(local)) expect(markers, id).toBe('[{"http://localhost:3000":"https://stepcast.example.com"}]');
    const own = synthStepcast({ stage: 'prod', domain, siteDir: builtSiteDir({ stage: 'prod', origin: 'https://stepcast.example.com' }) });
    for (const [id, markers] of replacements(own)) expect(markers, id).toBe('null');
  });

  it('leaves out a build older than its site record', () => {
    const dir = builtSiteDir();
    rmSync(path.join(dir, 'site.json'));
    expect(uploads(synthStepcast({ stage: 'dev', siteDir: dir }))).toBe(0);
  });

  it("uploads this stage's build made for an older origin with the stage's origin in its files", () => {
    const synthesised = synthStepcast({ stage: 'prod', appOrigin: 'https://stepcast.example.com', siteDir: builtSiteDir({ stage: 'prod', origin: 'https://old.example.com' }) });
    for (const [id, markers] of replacements(synthesised)) expect(markers, id).toBe('[{"https://old.example.com":"https://stepcast.example.com"}]');
  });
});

describe('web stack: SPA files that are never deployed', () => {
  const built = synthStepcast({ stage: 'dev', siteDir: builtSiteDir() });
  const AssetManifest = z.object({
    files: z.record(z.string(), z.object({ displayName: z.string().optional(), source: z.object({ path: z.string() }) })),
  });
  /** Every file of the folders the web stack uploads, relative to their folder. */
  function uploadedFiles(): string[] {
    const manifest = AssetManifest.parse(
      JSON.parse(readFileSync(path.join(built.app.outdir, `${built.stacks.web.artifactId}.assets.json`), 'utf8')),
    );
    const sources = Object.values(manifest.files).filter((file) => /^DeploySite\w+\/Asset/.test(file.displayName ?? ''));
    expect(sources).toHaveLength(2);
    return sources.flatMap((file) =>
      readdirSync(path.resolve(built.app.outdir, file.source.path), { recursive: true, encoding: 'utf8' }),
    );
  }

  it('uploads the shell and the bundles but no source map', () => {
    const files = uploadedFiles();
    expect(files).toEqual(expect.arrayContaining(['index.html', 'app-1a2b3c.js']));
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(files).not.toContain('site.json');
  });
});

describe('web stack: paths that are no page', () => {
  const fallback = viewerRequestFunction(spaFallbackSource(['/', '/pricing', '/gallery', '/gallery/acme-crm']));
  it.each([
    ['/no-such-page', NOT_FOUND_SHELL],
    ['/gallery/no-such-guide', NOT_FOUND_SHELL],
    ['/pricing/annual', NOT_FOUND_SHELL],
    ['/dashboards', NOT_FOUND_SHELL],
    ['/dashboard', PRERENDERED_SHELL],
    ['/dashboard/folder/abc', PRERENDERED_SHELL],
    ['/auth', PRERENDERED_SHELL],
    ['/accept-invitation/xyz', PRERENDERED_SHELL],
    ['/gallery/acme-crm', '/gallery/acme-crm/index.html'],
  ])('sends %s to %s', (uri, expected) => {
    expect(fallback({ uri, headers: {} }).uri).toBe(expected);
  });

  it('answers the not-found shell with 404 and leaves every other answer alone', () => {
    const run = viewerResponseFunction(NOT_FOUND_STATUS_SOURCE);
    expect(run({ statusCode: 200, headers: {} }, { uri: NOT_FOUND_SHELL, headers: {} }).statusCode).toBe(404);
    expect(run({ statusCode: 200, headers: {} }, { uri: PRERENDERED_SHELL, headers: {} }).statusCode).toBe(200);
    expect(run({ statusCode: 304, headers: {} }, { uri: NOT_FOUND_SHELL, headers: {} }).statusCode).toBe(304);
  });

  it('keeps every path a client route of a build without prerendered pages', () => {
    expect(viewerRequestFunction(spaFallbackSource([]))({ uri: '/no-such-page', headers: {} }).uri).toBe('/index.html');
  });
});

describe('web stack: prerendered pages', () => {
  const PAGES = ['/', '/pricing', '/gallery/', '/gallery/acme-crm'];
  /** A build as web/prerender.ts leaves it: pages, the landing page as index.html, the shell beside it. */
  function prerenderedSiteDir(pages: readonly string[], omit: readonly string[] = []): string {
    const dir = builtSiteDir();
    const files = ['__spa-fallback.html', '__not-found.html', ...pages.filter((p) => p !== '/').map((p) => `${p.replace(/^\/|\/$/g, '')}/index.html`)];
    for (const file of files.filter((f) => !omit.includes(f))) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), `<!doctype html><title>${file}</title>`);
    }
    writeFileSync(path.join(dir, 'prerendered.json'), JSON.stringify(pages));
    return dir;
  }
  const built = synthStepcast({ stage: 'dev', siteDir: prerenderedSiteDir(PAGES) });
  const spaFallbackCode = () => {
    const b = onlyResource(built.web, 'AWS::CloudFront::Distribution', DistributionResource).Properties.DistributionConfig
      .DefaultCacheBehavior;
    return functionCodeOf(b.FunctionAssociations?.[0], built);
  };

  it('bakes the list of web/dist/prerendered.json into the SPA fallback the default behaviour runs', () => {
    const code = spaFallbackCode();
    expect(code).toBe(spaFallbackSource(PAGES));
    expect(viewerRequestFunction(code)({ uri: '/gallery/acme-crm', headers: {} }).uri).toBe('/gallery/acme-crm/index.html');
    expect(viewerRequestFunction(code)({ uri: '/dashboard', headers: {} }).uri).toBe('/__spa-fallback.html');
  });

  it('does not upload prerendered.json, which only the synth reads', () => {
    const manifest = z
      .object({ files: z.record(z.string(), z.object({ displayName: z.string().optional(), source: z.object({ path: z.string() }) })) })
      .parse(JSON.parse(readFileSync(path.join(built.app.outdir, `${built.stacks.web.artifactId}.assets.json`), 'utf8')));
    const shell = Object.values(manifest.files).find((file) => /^DeploySiteShell\/Asset/.test(file.displayName ?? ''));
    const files = readdirSync(path.resolve(built.app.outdir, shell!.source.path), { recursive: true, encoding: 'utf8' });
    expect(files).toEqual(expect.arrayContaining(['index.html', '__spa-fallback.html', path.join('pricing', 'index.html')]));
    expect(files).not.toContain('prerendered.json');
  });

  it('uploads the pages and the shell before the SPA fallback that routes to them goes live (on a stage with its own origin)', () => {
    const domain = { domainName: 'stepcast.example.com', hostedZoneId: 'Z0123456789ABCDEFGHIJ' };
    const withOrigin = synthStepcast({ stage: 'dev', domain, siteDir: prerenderedSiteDir(PAGES) });
    const fallbackId = Object.keys(withOrigin.web.findResources('AWS::CloudFront::Function')).find((id) => id.startsWith('SpaFallbackFunction'));
    const fallback = resourceById(withOrigin.web, fallbackId!, z.object({ DependsOn: z.array(z.string()).default([]) }));
    const uploads = Object.keys(withOrigin.web.findResources('Custom::CDKBucketDeployment'));
    const pages = fallback.DependsOn.filter((id) => id.startsWith('DeploySitePages') && uploads.includes(id));
    expect(pages).toHaveLength(1);
    const upload = resourceById(
      withOrigin.web,
      pages[0]!,
      z.object({
        Type: z.literal('Custom::CDKBucketDeployment'),
        DependsOn: z.array(z.string()),
        Properties: z.object({ Prune: z.boolean(), DistributionId: z.unknown().optional() }),
      }),
    );
    expect(upload.Properties.Prune).toBe(false);
    expect(upload.Properties.DistributionId).toBeUndefined();
    expect(upload.DependsOn.some((id) => id.startsWith('DeploySiteBundles'))).toBe(true);
    // Without prerendered pages the SPA fallback never changes, and there is nothing to upload first.
    synthStepcast({ stage: 'dev', domain, siteDir: builtSiteDir() }).web.resourceCountIs('Custom::CDKBucketDeployment', 2);
    // On its CloudFront name the pages name the distribution, which uses the fallback: no upload can come first.
    built.web.resourceCountIs('Custom::CDKBucketDeployment', 2);
  }, 60_000); // three synths of a stage: seconds each, many more on a busy machine

  it.each([
    ['a listed page', 'pricing/index.html', /pricing\/index\.html, which the build lacks/],
    ['the SPA shell of a prerendered landing page', '__spa-fallback.html', /__spa-fallback\.html, which the build lacks/],
  ])('stops the synth in one line when the build lacks %s', (_case, omitted, message) => {
    const synth = () => synthStepcast({ stage: 'dev', siteDir: prerenderedSiteDir(PAGES, [omitted]) });
    expect(synth).toThrow(UsageError);
    expect(synth).toThrow(message);
  });

  it('stops the synth in one line on a malformed list', () => {
    const dir = prerenderedSiteDir([]);
    writeFileSync(path.join(dir, 'prerendered.json'), '["/pricing", "/<script>"]');
    expect(() => synthStepcast({ stage: 'dev', siteDir: dir })).toThrow(/prerendered\.json: "\/<script>" has an empty segment or a character outside/);
  });
});

describe('web stack: edge function logs', () => {
  const prod = synthStepcast({ stage: 'prod' });
  const LogGroupResource = z.object({
    DeletionPolicy: z.string().optional(),
    Properties: z.object({
      LogGroupName: z.object({ 'Fn::Join': z.tuple([z.literal(''), z.tuple([z.string(), LogicalRef])]) }),
      RetentionInDays: z.number(),
    }),
  });
  function edgeLogGroups(synth: typeof dev) {
    const fn = synth.stacks.web.shareEdgeFunction.lambda;
    const fnId = synth.stacks.web.getLogicalId(z.instanceof(CfnFunction).parse(fn.node.defaultChild));
    return Object.values(synth.web.findResources('AWS::Logs::LogGroup'))
      .map((resource) => LogGroupResource.safeParse(resource))
      .flatMap((parsed) => (parsed.success ? [parsed.data] : []))
      .filter((group) => group.Properties.LogGroupName['Fn::Join'][1][1] === fnId)
      .map((group) => ({
        prefix: group.Properties.LogGroupName['Fn::Join'][1][0],
        days: group.Properties.RetentionInDays,
        deletion: group.DeletionPolicy,
      }))
      .sort((a, b) => a.prefix.localeCompare(b.prefix));
  }

  it("keeps the replicas' us-east-1 logs and the function's own for the stage's retention", () => {
    expect(edgeLogGroups(dev)).toEqual([
      { prefix: '/aws/lambda/', days: 30, deletion: 'Delete' },
      { prefix: '/aws/lambda/us-east-1.', days: 30, deletion: 'Delete' },
    ]);
    expect(edgeLogGroups(prod)).toEqual([
      { prefix: '/aws/lambda/', days: 365, deletion: 'Retain' },
      { prefix: '/aws/lambda/us-east-1.', days: 365, deletion: 'Retain' },
    ]);
  });

  it('puts that log group beside the function in us-east-1 when the stage lives in another region', () => {
    const ireland = synthStepcast({ stage: 'dev', env: { account: '111111111111', region: 'eu-west-1' } });
    const edgeStack = Stack.of(ireland.stacks.web.shareEdgeFunction.lambda);
    expect(edgeStack.region).toBe('us-east-1');
    Template.fromStack(edgeStack).hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: { 'Fn::Join': ['', ['/aws/lambda/us-east-1.', Match.anyValue()]] },
      RetentionInDays: 30,
    });
  });
});

describe('synthesis in tests', () => {
  // With bundling skipped, a function's code asset points at its unbundled source folder; a
  // bundled one would point at an `asset.*` folder that esbuild wrote into the assembly.
  const AssetManifest = z.object({
    files: z.record(z.string(), z.object({ displayName: z.string().optional(), source: z.object({ path: z.string() }) })),
  });
  function codeAssets(stack: Stack): Array<{ name: string; path: string }> {
    const manifest = AssetManifest.parse(
      JSON.parse(readFileSync(path.join(dev.app.outdir, `${stack.artifactId}.assets.json`), 'utf8')),
    );
    return Object.values(manifest.files)
      .filter((file) => /Function(\/Fn)?\/Code$/.test(file.displayName ?? ''))
      .map((file) => ({ name: file.displayName ?? '', path: file.source.path }));
  }

  it('skips bundling: function code assets are the unbundled sources, so no esbuild ran', () => {
    const api = codeAssets(dev.stacks.api);
    expect(api).toHaveLength(Object.keys(FUNCTIONS).length);
    for (const asset of api) expect(asset.path).toBe(path.resolve(fromRoot('.')));
    expect(codeAssets(dev.stacks.web)).toEqual([{ name: 'ShareEdgeFunction/Fn/Code', path: path.dirname(EDGE_ENTRY) }]);
  });
});
