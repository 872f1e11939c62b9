import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Annotations, CfnOutput, Duration, Fn, RemovalPolicy, Stack, Token, type StackProps } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AccessLevel,
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  type ErrorResponse,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  Function as CloudFrontFunction,
  HttpVersion,
  LambdaEdgeEventType,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  OriginSslPolicy,
  PriceClass,
  SSLMethod,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  experimental,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { AaaaRecord, ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { CfnLogGroup, LogGroup, LogRetention } from 'aws-cdk-lib/aws-logs';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { privateBucketProps } from '../constructs/private-bucket';
import { BucketDeployment, CacheControl, Source, type ISource, type SourceConfig } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { SHARE_PAGE_QUERY_KEYS } from '#shared/share/frame';
import { SITE_BUILD_FILE, SiteBuild } from '#shared/site-build';
import {
  API_FORWARDED_HEADERS,
  API_HEADERS,
  ASSET_HEADERS,
  ORIGIN_VERIFY_HEADER,
  IMMUTABLE_CACHE_CONTROL,
  REVALIDATE_CACHE_CONTROL,
  SHARE_API_MAX_TTL_SECONDS,
  SHARE_API_PATH_PATTERN,
  SHARE_API_QUERY_KEYS,
  SHARE_API_REMOVED_HEADERS,
  SHARE_HEADERS,
  SPA_BUNDLE_DIR,
  UNDEPLOYED_SITE_FILES,
  siteHeaders,
} from '../behaviours';
import {
  ASSET_CACHE_CONTROL_SOURCE,
  FORWARD_HOST_SOURCE,
  NOT_FOUND_SHELL,
  NOT_FOUND_STATUS_SOURCE,
  PRERENDERED_MANIFEST,
  STRIP_ASSETS_PREFIX_SOURCE,
  prerenderedFile,
  readPrerenderedPages,
  spaFallbackSource,
  spaShellPath,
} from '../cloudfront-functions';
import { AssetInvalidation } from '../constructs/asset-invalidation';
import { EDGE_HANDLER, edgeCode } from '../constructs/edge-code';
import { SecurityHeadersPolicy } from '../constructs/security-headers-policy';
import { UsageError } from '../errors';
import { BUCKET_READ_ACTION_FINDINGS, BUCKET_WRITE_ACTION_FINDINGS, acknowledgeNag, nagAttribute, nagEnvironment } from '../nag';
import { EDGE_ENTRY, SHARE_FRAME_RENDERER, SITE_DIR } from '../paths';
import type { StageConfig } from '../stage';
import type { SiteDomain } from './global-stack';

/**
 * The error statuses CloudFront caches, each for 10 s by default whatever the origin says (it
 * honours `no-store` on 404, 410, 414 and 501 only). Every Stepcast error says `no-store`, and
 * a cached 403 or 503 on /api/share/* would answer every viewer of that guide, so none is kept.
 */
export const CACHED_ERROR_STATUSES = [400, 403, 404, 405, 414, 416, 500, 501, 502, 503, 504] as const;

export interface WebStackProps extends StackProps {
  readonly stage: StageConfig;
  /** the stage's log bucket (data stack): CloudFront's standard logs go there, under `cloudfront/` */
  readonly logBucket: IBucket;
  /** the asset bucket of the data stack; its bucket policy already admits CloudFront */
  readonly assetBucket: IBucket;
  /**
   * Where browsers POST uploads (the asset bucket's regional endpoint), as a concrete string:
   * the pages' CSP allows it, in the response headers policy and baked into the edge bundle.
   */
  readonly uploadOrigin: string;
  /** the SPA build to upload. @default web/dist */
  readonly siteDir?: string;
  /**
   * The site's configured https origin (`appOrigin`, or the domain's): a build made for this stage
   * with another origin stops the synth. @default none: the distribution's `*.cloudfront.net` name
   */
  readonly appOrigin?: string;
  /** the web build's renderer of share pages' first frames. @default web/dist-ssr/render-share-frame.js */
  readonly shareFrameRenderer?: string;
  /** the share-page edge handler module. @default functions/edge/share.ts */
  readonly edgeEntry?: string;
  /** its value goes to the API in `x-origin-verify` (ORIGIN_VERIFY_HEADER) on every request */
  readonly originVerifySecret: ISecret;
  /** the WAF web ACL (scope CLOUDFRONT, in us-east-1) in front of every behaviour */
  readonly webAclArn: string;
  /**
   * The site's own name, with its certificate (ACM, us-east-1) and hosted zone: the distribution
   * answers on it over https only and Route 53 gets A and AAAA aliases.
   * @default the distribution's `*.cloudfront.net` name alone
   */
  readonly domain?: SiteDomain & { readonly certificate: ICertificate };
}

/**
 * The share page's Lambda@Edge memory, and so its CPU (Lambda gives one vCPU per 1,769 MB). React
 * renders the page's first frame on it: measured with `npm run bench -- edge-memory` (the deployed
 * bundle under a CPU quota per size, infra/cdk/README.md), 512 MB answers a cold request in about
 * 0.35 s and warm ones in 17 ms (p90 60 ms), where 128 MB takes 1.6 s cold and 90 ms warm (p90
 * 200 ms), and costs more per answer as it runs longer.
 */
export const SHARE_EDGE_MEMORY_MB = 512;

/**
 * The regions whose regional edge caches run the share page's Lambda@Edge for this distribution
 * (price class 100: North America and Europe; viewers elsewhere reach these too), so the regions
 * where its replicas write logs. Each gets the log group with the stage's retention.
 */
export const EDGE_LOG_REGIONS = ['us-east-1', 'us-east-2', 'us-west-1', 'us-west-2', 'eu-central-1', 'eu-west-1', 'eu-west-2'] as const;

/** How the id CDK gives its SPA upload helper function (BucketDeployment, one per stack and memory size) starts. */
const BUCKET_DEPLOYMENT_HANDLER_ID = 'Custom::CDKBucketDeployment8693BB64968944B69AAFB0CC9EB8756C';

/** The id CDK gives its log-retention helper function, one per stack. */
const LOG_RETENTION_PROVIDER_ID = 'LogRetentionaae0aa3c5b4d4f87b02d85b201efdd8a';

/**
 * The one host browsers see: CloudFront in front of the SPA bucket (default), the HTTP API
 * (`/api/*`), the asset bucket (`/assets/*`) and the share-page edge function (`/share/*`), with
 * the same security headers the local server sends.
 */
export class WebStack extends Stack {
  /**
   * The HTTP API, here rather than in the api stack, which adds its routes, stage and functions:
   * the distribution needs the API's address, and the functions need the distribution's (the
   * site's origin), so the API itself comes first and its functions after the distribution.
   */
  readonly httpApi: HttpApi;
  /** `https://{domain}` with a domain or an appOrigin, else `https://{the distribution's own name}` (a deploy-time value) */
  readonly siteUrl: string;
  readonly distribution: Distribution;
  readonly assetInvalidation: AssetInvalidation;
  readonly siteBucket: Bucket;
  readonly shareEdgeFunction: experimental.EdgeFunction;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { stage, uploadOrigin } = props;
    const siteDir = props.siteDir ?? SITE_DIR;
    if (Token.isUnresolved(uploadOrigin)) {
      throw new Error('WebStack: uploadOrigin must be known at synth (give the data stack an env with account and region).');
    }
    // A build made for another stage is not uploaded; a local build, or this stage's, is.
    const build = siteBuildFor(this, siteDir, stage.name);
    const prerenderedPages = build.deployable ? checkedPrerenderedPages(siteDir) : undefined;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `stepcast-${stage.name}`,
      description: `Stepcast ${stage.name}: /api/* behind CloudFront`,
      // The api stack adds the $default stage (throttles, access logs) after its routes.
      createDefaultStage: false,
    });
    // No API Gateway authorizer: the functions authenticate every request themselves (the
    // session cookie checked against DynamoDB, Stripe's signature on the webhook, public reads
    // by design), and refuse anything without CloudFront's origin-verify header.
    acknowledgeNag(this.httpApi, 'APIG4', 'Sessions and Stripe signatures are checked by the functions; requests not from CloudFront are refused.');

    // Build output only, redeployed from the repository at will. Emptied and deleted with a
    // stack of other stages; kept on prod*, where no helper may delete objects (nor their versions).
    this.siteBucket = new Bucket(this, 'SiteBucket', privateBucketProps(stage));
    // LIST as well as READ so a missing file is a 404, not S3's 403 for keys it may not reveal.
    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.siteBucket, {
      originAccessLevels: [AccessLevel.READ, AccessLevel.LIST],
    });
    Annotations.of(this).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
      'defaultRootObject is set and the SPA fallback turns every folder path into /index.html, so no listing is served.',
    );

    // Imported, not the data stack's construct: with the construct, CloudFront would add its
    // grant to the data stack's bucket policy, which then depends on this stack (a cycle).
    // The data stack's policy admits this account's distributions instead.
    const assetBucket = Bucket.fromBucketAttributes(this, 'AssetBucket', {
      bucketName: props.assetBucket.bucketName,
      bucketRegionalDomainName: props.assetBucket.bucketRegionalDomainName,
    });
    const assetOrigin = S3BucketOrigin.withOriginAccessControl(assetBucket);
    Annotations.of(this).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The data stack grants CloudFront read access to the asset bucket itself.',
    );

    // The API's host name: apiEndpoint is https://{id}.execute-api.{region}.amazonaws.com. Every
    // request carries the origin-verify value, read from Secrets Manager by dynamic reference at
    // deploy (never in the template), which the API requires (requests around CloudFront are refused).
    const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint)), {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifySecret.secretValue.unsafeUnwrap() },
    });

    const shareFrameRenderer = props.shareFrameRenderer ?? SHARE_FRAME_RENDERER;
    if (!existsSync(shareFrameRenderer)) {
      Annotations.of(this).addWarningV2(
        'stepcast:web:share-frame-not-built',
        `${shareFrameRenderer} not found: share pages deploy without their server-rendered first frame. Run npm run build before cdk deploy.`,
      );
    }
    this.shareEdgeFunction = new experimental.EdgeFunction(this, 'ShareEdgeFunction', {
      // The edge handler writes the page CSP, which must allow the upload origin.
      code: edgeCode(
        props.edgeEntry ?? EDGE_ENTRY,
        { UPLOAD_ORIGIN: uploadOrigin },
        existsSync(shareFrameRenderer) ? { shareFrameRenderer } : {},
      ),
      handler: EDGE_HANDLER,
      runtime: Runtime.NODEJS_22_X,
      // x86_64 (the default): Lambda@Edge does not run arm64.
      memorySize: SHARE_EDGE_MEMORY_MB,
      timeout: Duration.seconds(5),
      description: `Stepcast ${stage.name}: share page meta (Lambda@Edge, origin request on /share/*)`,
    });
    this.limitEdgeLogRetention(this.shareEdgeFunction, stage);

    // Each behaviour's headers come from behaviours.ts, which the local server answers from too.
    const pageHeaders = new SecurityHeadersPolicy(this, 'PageHeadersPolicy', {
      comment: `Stepcast ${stage.name}: pages (frame-ancestors 'none', uploads to the asset bucket)`,
      headers: siteHeaders(uploadOrigin),
    });
    const apiHeaders = new SecurityHeadersPolicy(this, 'ApiHeadersPolicy', {
      comment: `Stepcast ${stage.name}: /api`,
      headers: API_HEADERS,
    });
    const shareApiHeaders = new SecurityHeadersPolicy(this, 'ShareApiHeadersPolicy', {
      comment: `Stepcast ${stage.name}: /api/share (cached: never a cookie)`,
      headers: API_HEADERS,
      removeHeaders: SHARE_API_REMOVED_HEADERS,
    });
    const assetHeaders = new SecurityHeadersPolicy(this, 'AssetHeadersPolicy', {
      comment: `Stepcast ${stage.name}: /assets`,
      headers: ASSET_HEADERS,
    });
    const shareHeaders = new SecurityHeadersPolicy(this, 'ShareHeadersPolicy', {
      comment: `Stepcast ${stage.name}: /share (CSP set by the edge handler)`,
      headers: SHARE_HEADERS,
    });

    // Asset keys are content-addressed, so CloudFront may keep them for a year.
    const assetCachePolicy = new CachePolicy(this, 'AssetCachePolicy', {
      comment: `Stepcast ${stage.name}: immutable assets`,
      defaultTtl: Duration.days(365),
      maxTtl: Duration.days(365),
      minTtl: Duration.seconds(0),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // Share pages change when a guide is edited or unpublished: a minute by default (the edge
    // handler says s-maxage=60), five at most, so a guide made private stops being previewed soon.
    // The page's first frame shows the step and play state its search names: those parameters
    // (and only those) are in the key, and so reach the edge handler.
    const shareCachePolicy = new CachePolicy(this, 'ShareCachePolicy', {
      comment: `Stepcast ${stage.name}: share pages`,
      queryStringBehavior: CacheQueryStringBehavior.allowList(...SHARE_PAGE_QUERY_KEYS),
      defaultTtl: Duration.seconds(60),
      maxTtl: Duration.minutes(5),
      minTtl: Duration.seconds(0),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // The edge handler reads the site from the Host header (it fetches https://{host}/index.html);
    // it always answers itself, so the S3 origin never sees this Host.
    const shareOriginRequestPolicy = new OriginRequestPolicy(this, 'ShareOriginRequestPolicy', {
      comment: `Stepcast ${stage.name}: share pages see the viewer's host`,
      headerBehavior: OriginRequestHeaderBehavior.allowList('Host'),
    });

    // A shared guide read by the share page, its embed and the edge handler: public guides may sit
    // here as long as the API's Cache-Control says (s-maxage), within SHARE_API_MAX_TTL_SECONDS;
    // no-store, private and every error are never kept. The key is the path and `?lang=`: a public
    // guide's answer in a language is the same for everyone (gzip/brotli only pick the encoding).
    const shareApiCachePolicy = new CachePolicy(this, 'ShareApiCachePolicy', {
      comment: `Stepcast ${stage.name}: /api/share, as the API's Cache-Control says`,
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(SHARE_API_MAX_TTL_SECONDS),
      cookieBehavior: CacheCookieBehavior.none(),
      headerBehavior: CacheHeaderBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.allowList(...SHARE_API_QUERY_KEYS),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // Out of the key but still sent: the session cookie, so a member gets a private guide (answered
    // `private, no-store`), and x-forwarded-host as on /api/*. No other query string: the API
    // answers from the path and `?lang=` (in the key, so sent), and sees nothing the key leaves out but the cookie.
    const shareApiOriginRequestPolicy = new OriginRequestPolicy(this, 'ShareApiOriginRequestPolicy', {
      comment: `Stepcast ${stage.name}: /api/share sees the viewer's cookies`,
      cookieBehavior: OriginRequestCookieBehavior.all(),
      headerBehavior: OriginRequestHeaderBehavior.allowList('x-forwarded-host'),
      queryStringBehavior: OriginRequestQueryStringBehavior.none(),
    });

    // Everything the API reads, CloudFront's viewer address included (the per-IP rate limits key
    // on it); never Host, which must stay the API's own.
    const apiOriginRequestPolicy = new OriginRequestPolicy(this, 'ApiOriginRequestPolicy', {
      comment: `Stepcast ${stage.name}: /api sees what its handlers read and the viewer's address`,
      cookieBehavior: OriginRequestCookieBehavior.all(),
      headerBehavior: OriginRequestHeaderBehavior.allowList(...API_FORWARDED_HEADERS),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    });

    const spaFallback = new CloudFrontFunction(this, 'SpaFallbackFunction', {
      comment: 'Prerendered pages get their own file, client-side routes the SPA shell',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(
        spaFallbackSource(prerenderedPages ?? [], path.join(siteDir, PRERENDERED_MANIFEST)),
      ),
    });
    const notFoundStatus = new CloudFrontFunction(this, 'NotFoundStatusFunction', {
      comment: 'Paths that are no page: the app shows its not-found screen, the status says 404',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(NOT_FOUND_STATUS_SOURCE),
    });
    const forwardHost = new CloudFrontFunction(this, 'ForwardHostFunction', {
      comment: 'Tells the API the host the viewer asked for',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(FORWARD_HOST_SOURCE),
    });
    const stripAssetsPrefix = new CloudFrontFunction(this, 'StripAssetsPrefixFunction', {
      comment: 'Maps /assets/{key} to the object {key}',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(STRIP_ASSETS_PREFIX_SOURCE),
    });
    const assetCacheControl = new CloudFrontFunction(this, 'AssetCacheControlFunction', {
      comment: 'Found assets are immutable; errors are not',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(ASSET_CACHE_CONTROL_SOURCE),
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Stepcast ${stage.name}`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      // Standard logs (every request: viewer IP, path, status, edge result) in the log bucket,
      // without cookies (sessions), expired by its lifecycle.
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      logIncludesCookies: false,
      webAclId: props.webAclArn,
      ...(props.domain
        ? {
            domainNames: [props.domain.domainName],
            certificate: props.domain.certificate,
            // TLS 1.2 and up with today's ciphers; SNI (a dedicated IP costs 600 USD a month).
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
            sslSupportMethod: SSLMethod.SNI,
          }
        : {}),
      // Error caching only, never an error page: see spaFallbackSource for why the SPA fallback
      // is a function. CloudFront keeps origin errors 10 s by default, no-store or not.
      errorResponses: CACHED_ERROR_STATUSES.map((httpStatus): ErrorResponse => ({ httpStatus, ttl: Duration.seconds(0) })),
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: pageHeaders,
        functionAssociations: [
          { function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST },
          { function: notFoundStatus, eventType: FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      // In order: CloudFront takes the first pattern that matches, so /api/share/* precedes /api/*.
      additionalBehaviors: {
        // The API answers https only: a redirect would have sent the request (cookie, body) in the
        // clear first. Pages redirect, for people who type the name.
        [SHARE_API_PATH_PATTERN]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: shareApiCachePolicy,
          originRequestPolicy: shareApiOriginRequestPolicy,
          responseHeadersPolicy: shareApiHeaders,
          functionAssociations: [{ function: forwardHost, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: apiOriginRequestPolicy,
          responseHeadersPolicy: apiHeaders,
          functionAssociations: [{ function: forwardHost, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        '/assets/*': {
          origin: assetOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: assetCachePolicy,
          responseHeadersPolicy: assetHeaders,
          functionAssociations: [
            { function: stripAssetsPrefix, eventType: FunctionEventType.VIEWER_REQUEST },
            { function: assetCacheControl, eventType: FunctionEventType.VIEWER_RESPONSE },
          ],
        },
        '/share/*': {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: shareCachePolicy,
          originRequestPolicy: shareOriginRequestPolicy,
          responseHeadersPolicy: shareHeaders,
          edgeLambdas: [
            { functionVersion: this.shareEdgeFunction.currentVersion, eventType: LambdaEdgeEventType.ORIGIN_REQUEST },
          ],
        },
      },
    });

    this.siteUrl = props.appOrigin ?? `https://${this.distribution.distributionDomainName}`;
    if (build.deployable) this.deploySite(siteDir, { spaFallback, prerendered: prerenderedPages !== undefined, builtFor: build.origin });

    if (props.domain) {
      const zone = HostedZone.fromHostedZoneId(this, 'Zone', props.domain.hostedZoneId);
      // A trailing dot: the name is absolute, whatever the zone's own name.
      const recordName = `${props.domain.domainName}.`;
      const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
      new ARecord(this, 'SiteAliasIpv4', { zone, recordName, target });
      new AaaaRecord(this, 'SiteAliasIpv6', { zone, recordName, target });
    }
    new CfnOutput(this, 'SiteUrl', {
      value: this.siteUrl,
      description: 'Stepcast: the site (its own domain when the stage has one)',
    });

    this.acknowledgeNagFindings(props.domain !== undefined);

    new CfnOutput(this, 'DistributionUrl', {
      value: `https://${this.distribution.distributionDomainName}`,
      description: 'Stepcast: the site, /api, /assets and /share',
    });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    // What the bucket deletes (a redacted screenshot's original, a private guide's moved assets)
    // leaves the edge caches too.
    this.assetInvalidation = new AssetInvalidation(this, 'AssetInvalidation', { bucket: props.assetBucket, distribution: this.distribution, stage });
    new CfnOutput(this, 'SiteBucketName', { value: this.siteBucket.bucketName });
    new CfnOutput(this, 'HttpApiId', { value: this.httpApi.apiId });
  }

  /** cdk-nag (AWS Solutions) findings of this stack, each on purpose. */
  private acknowledgeNagFindings(hasDomain: boolean): void {
    // The site bucket holds build output only, readable by CloudFront alone: who read what is in
    // CloudFront's standard logs (the log bucket); S3's access logs would say it again.
    acknowledgeNag(this.siteBucket, 'S1', "Build output only, read by CloudFront alone, whose own logs record every read.");
    // Stepcast is offered everywhere; the WAF, not geography, keeps abuse out.
    acknowledgeNag(this.distribution, 'CFR1', 'A product for every country: no geo restriction.');
    // Without a domain the distribution answers with CloudFront's own *.cloudfront.net
    // certificate, whose TLS policy CloudFront fixes; with one, TLS 1.2_2021 is set above.
    if (!hasDomain) {
      acknowledgeNag(this.distribution, 'CFR4', "CloudFront's default certificate: its TLS policy is CloudFront's. A stage's domainName gets TLS 1.2+.");
    }
    // Each helper's finding is acknowledged on the helper itself, so a new one is reported.
    const basicExecution = ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'];
    // The edge function: CDK fixes its role (it writes its own logs); Node.js 22 LTS like the rest.
    // (On the function itself: outside us-east-1 it lives in the stack CDK adds there for it.)
    const edge = this.shareEdgeFunction.lambda;
    if (!(edge instanceof Construct)) throw new Error('the edge function is not a construct of this app');
    acknowledgeNag(edge, 'IAM4', 'The share page function writes its own logs only.', basicExecution);
    acknowledgeNag(edge, 'L1', 'Node.js 22 LTS on purpose: the same major as engines, .nvmrc and CI.');
    // CDK's SPA upload helper (one per stack): reads CDK's asset bucket, writes the site bucket's
    // objects and invalidates the distribution's cache (CreateInvalidation has no resource-level
    // permission). Its runtime is CDK's.
    const upload = this.node.children.find((child) => child.node.id.startsWith(BUCKET_DEPLOYMENT_HANDLER_ID));
    if (upload) {
      const env = nagEnvironment(this);
      acknowledgeNag(upload, 'IAM4', "CDK's upload helper writes its own logs only.", basicExecution);
      acknowledgeNag(upload, 'IAM5', "CDK's upload helper: CDK's asset bucket, the site bucket's objects, cache invalidation.", [
        ...BUCKET_READ_ACTION_FINDINGS,
        ...BUCKET_WRITE_ACTION_FINDINGS,
        `Resource::arn:${env.partition}:s3:::cdk-hnb659fds-assets-${env.account}-${env.region}/*`,
        `Resource::${nagAttribute(this.siteBucket)}/*`,
        'Resource::*',
      ]);
      acknowledgeNag(upload, 'L1', "CDK's upload helper runs the runtime CDK gives it.");
    }
  }

  /**
   * Log retention for the edge function. Lambda@Edge replicas log to `/aws/lambda/us-east-1.{name}`
   * in the region of the regional edge cache that served the viewer, creating that group on first
   * use with no retention (kept forever). This stack owns that group in us-east-1 (beside the
   * function); in the other regions of EDGE_LOG_REGIONS a LogRetention custom resource (one
   * function of CDK's, calling CloudWatch Logs in each region) makes the group, or sets the
   * retention of the one already there. The function's own `/aws/lambda/{name}` (only direct
   * invokes write there) follows the stage too, instead of CDK's default two years, retained.
   */
  private limitEdgeLogRetention(edge: experimental.EdgeFunction, stage: StageConfig): void {
    // Beside the function itself: in this stack in us-east-1, else in the edge stack CDK adds there.
    const fn = edge.lambda;
    if (!(fn instanceof Construct)) throw new Error('the edge function is not a construct of this app');
    const logGroupName = `/aws/lambda/us-east-1.${fn.functionName}`;
    new LogGroup(fn, 'ReplicaLogs', { logGroupName, retention: stage.logRetention, removalPolicy: stage.removalPolicy });
    for (const region of EDGE_LOG_REGIONS.filter((r) => r !== 'us-east-1')) {
      // Retained when the stack goes: CDK's helper may delete log groups only in its own region.
      // Left behind, a group keeps no log past its retention and costs nothing.
      new LogRetention(fn, `ReplicaLogs-${region}`, { logGroupName, logGroupRegion: region, retention: stage.logRetention, removalPolicy: RemovalPolicy.RETAIN });
    }
    const own = fn.node.tryFindChild('LogGroup');
    if (own instanceof LogGroup) {
      own.applyRemovalPolicy(stage.removalPolicy);
      const cfn = own.node.defaultChild;
      if (cfn instanceof CfnLogGroup) cfn.retentionInDays = stage.logRetention;
    }
    // CDK's LogRetention function, one per stack: it sets retention policies, which name no resource.
    const provider = Stack.of(fn).node.tryFindChild(LOG_RETENTION_PROVIDER_ID);
    if (provider) {
      acknowledgeNag(provider, 'IAM4', "CDK's log-retention helper writes its own logs only.", [
        'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole',
      ]);
      acknowledgeNag(provider, 'IAM5', 'logs:PutRetentionPolicy and DeleteRetentionPolicy on the edge log groups of every region, which it names only at run time.', ['Resource::*']);
    }
  }

  /**
   * Uploads the SPA build when there is one, so `cdk synth` works before `npm run build`.
   * Hashed bundles first, immutable and never pruned (tabs still running the previous release
   * keep loading theirs); then the shell and other unhashed files, revalidated on every load,
   * and the distribution's cache cleared. Source maps stay behind (UNDEPLOYED_SITE_FILES): Vite
   * builds them `hidden` into static/ for error reporting, and uploaded they would publish the
   * sources; the local server answers 404 for them too.
   *
   * With prerendered pages, the shell's files are uploaded once more before the SPA fallback
   * changes: its new code goes live at once and routes to pages (and to the shell moved to
   * __spa-fallback.html) that must already be there, while the upload that clears the cache can
   * only run after the distribution's update, minutes later (on stages with their own origin; see
   * below for a stage on its CloudFront name).
   *
   * Every upload replaces the origin the build names with the stage's (siteSource): a build made
   * for local use, or by the pipeline once for staging and production, is deployable anywhere.
   */
  private deploySite(siteDir: string, fallback: { spaFallback: CloudFrontFunction; prerendered: boolean; builtFor?: string | undefined }): void {
    if (!existsSync(path.join(siteDir, 'index.html'))) {
      Annotations.of(this).addWarningV2(
        'stepcast:web:spa-not-built',
        `${siteDir}/index.html not found: the SPA is not deployed. Run npm run build before cdk deploy.`,
      );
      return;
    }
    if (existsSync(path.join(siteDir, 'assets'))) {
      Annotations.of(this).addWarningV2(
        'stepcast:web:spa-assets-dir',
        `${siteDir}/assets is unreachable: /assets/* is the asset bucket. Set Vite's build.assetsDir to '${SPA_BUNDLE_DIR}'.`,
      );
    }
    // The pages, and the scripts that set canonical URLs, name the origin the build was made for.
    const replace = fallback.builtFor ? { from: fallback.builtFor, to: this.siteUrl } : undefined;
    const bundleDir = path.join(siteDir, SPA_BUNDLE_DIR);
    const bundles = existsSync(bundleDir)
      ? new BucketDeployment(this, 'DeploySiteBundles', {
          sources: [siteSource(bundleDir, UNDEPLOYED_SITE_FILES, replace)],
          destinationBucket: this.siteBucket,
          destinationKeyPrefix: `${SPA_BUNDLE_DIR}/`,
          cacheControl: [CacheControl.fromString(IMMUTABLE_CACHE_CONTROL)],
          prune: false,
          memoryLimit: 512,
        })
      : undefined;
    const shell = new BucketDeployment(this, 'DeploySiteShell', {
      sources: [siteSource(siteDir, [SPA_BUNDLE_DIR, ...UNDEPLOYED_SITE_FILES], replace)],
      destinationBucket: this.siteBucket,
      // Sync filter: pruning removes shell files gone from the build, never the bundles.
      exclude: [`${SPA_BUNDLE_DIR}/*`],
      cacheControl: [CacheControl.fromString(REVALIDATE_CACHE_CONTROL)],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    // A new shell must never reference bundles that are not uploaded yet.
    if (bundles) shell.node.addDependency(bundles);
    // On a stage with its own origin the pages go up before the SPA fallback that routes to them
    // (below). On a stage on its *.cloudfront.net name they cannot: their origin is the
    // distribution's name, and the distribution uses the fallback, so a page new in this build may
    // answer 404 for the minutes between the fallback's update and the shell's upload.
    const originKnownAtSynth = !Token.isUnresolved(this.siteUrl);
    if (fallback.prerendered && originKnownAtSynth) {
      const pages = new BucketDeployment(this, 'DeploySitePages', {
        sources: [siteSource(siteDir, [SPA_BUNDLE_DIR, ...UNDEPLOYED_SITE_FILES], replace)],
        destinationBucket: this.siteBucket,
        // Adds only: removing what the build dropped is the shell upload's job, once nothing routes there.
        prune: false,
        cacheControl: [CacheControl.fromString(REVALIDATE_CACHE_CONTROL)],
        memoryLimit: 512,
      });
      if (bundles) pages.node.addDependency(bundles);
      fallback.spaFallback.node.addDependency(pages);
    }
  }
}

/** What the web build in `siteDir` is, for this stage. */
interface SiteBuildCheck {
  /** whether it is uploaded: no build (deploySite warns), a local build, or one made for this stage */
  readonly deployable: boolean;
  /** the origin its pages name (site.json), when there is a build */
  readonly origin?: string;
}

/**
 * Whether the site build may be uploaded to this stage. Its pages name an origin (canonical URLs,
 * Open Graph tags, the sitemap; web/dist/site.json, shared/site-build.ts), which the upload
 * replaces with the stage's own (`deploySite`), so a local build (`npm run build`, `npm test`) or
 * one made for this stage (whatever origin it was made for: a domain added since, say) is
 * deployable; a build for another stage is left out with a warning (it was meant for elsewhere).
 * No build at all: deployable, and `deploySite` warns.
 */
function siteBuildFor(scope: Stack, siteDir: string, stageName: string): SiteBuildCheck {
  if (!existsSync(path.join(siteDir, 'index.html'))) return { deployable: true };
  const file = path.join(siteDir, SITE_BUILD_FILE);
  const record = existsSync(file) ? SiteBuild.safeParse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
  const build = record?.success ? record.data : undefined;
  if (!build || (build.stage !== null && build.stage !== stageName)) {
    const madeFor = !build ? 'without a site record (an older build)' : `for stage ${build.stage} (${build.origin})`;
    Annotations.of(scope).addWarningV2(
      'stepcast:web:site-built-for-another-stage',
      `${siteDir} was built ${madeFor}: the site is not uploaded to stage ${stageName}. Run npm run build (or npm run deploy -- --stage ${stageName}).`,
    );
    return { deployable: false };
  }
  return { deployable: true, origin: build.origin };
}

/**
 * A folder of the site build, uploaded with every occurrence of the origin it was built for
 * replaced by the stage's site URL. The replacement is BucketDeployment's own (markers, applied
 * byte for byte to every file of the source as it is uploaded), so the URL may be a deploy-time
 * value: the distribution's `*.cloudfront.net` name, known only once CloudFront made it.
 */
function siteSource(dir: string, exclude: string[], replace: { from: string; to: string } | undefined): ISource {
  const asset = Source.asset(dir, { exclude });
  if (!replace || replace.from === replace.to) return asset;
  return {
    bind(scope: Construct, context): SourceConfig {
      return { ...asset.bind(scope, context), markers: { [replace.from]: replace.to } };
    },
  };
}

/**
 * The prerendered pages of the build (cloudfront-functions.ts states the contract), or undefined
 * when it lists none. A page or shell the list implies but the build lacks would be a 404 for
 * everyone, so the synth stops instead.
 */
function checkedPrerenderedPages(siteDir: string): string[] | undefined {
  const pages = readPrerenderedPages(siteDir);
  if (!pages) return undefined;
  const manifest = path.join(siteDir, PRERENDERED_MANIFEST);
  for (const file of [...pages.map(prerenderedFile), spaShellPath(pages), NOT_FOUND_SHELL]) {
    if (!existsSync(path.join(siteDir, file))) {
      throw new UsageError(`${manifest} implies ${path.join(siteDir, file)}, which the build lacks: rebuild the site (npm run build).`);
    }
  }
  return pages;
}
