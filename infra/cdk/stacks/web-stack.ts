import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Annotations, CfnOutput, Duration, Fn, RemovalPolicy, Stack, Token, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
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
import { CfnLogGroup, LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
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
  readonly httpApi: IHttpApi;
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
   * The site's configured https origin (`appOrigin`, or the domain's): a build made for another
   * origin stops the synth. @default none: a stage on its `*.cloudfront.net` name, whose build
   * `npm run deploy` makes with the distribution's name
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
 * The one host browsers see: CloudFront in front of the SPA bucket (default), the HTTP API
 * (`/api/*`), the asset bucket (`/assets/*`) and the share-page edge function (`/share/*`), with
 * the same security headers the local server sends.
 */
export class WebStack extends Stack {
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
    // A build made for local use or another stage names another origin in its pages: not uploaded.
    const deployable = isBuildForStage(this, siteDir, stage.name, props.appOrigin);
    const prerenderedPages = deployable ? checkedPrerenderedPages(siteDir) : undefined;

    // Build output only, redeployed from the repository at will: never retained.
    this.siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
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
    const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint)), {
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

    if (deployable) this.deploySite(siteDir, { spaFallback, prerendered: prerenderedPages !== undefined });

    if (props.domain) {
      const zone = HostedZone.fromHostedZoneId(this, 'Zone', props.domain.hostedZoneId);
      // A trailing dot: the name is absolute, whatever the zone's own name.
      const recordName = `${props.domain.domainName}.`;
      const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
      new ARecord(this, 'SiteAliasIpv4', { zone, recordName, target });
      new AaaaRecord(this, 'SiteAliasIpv6', { zone, recordName, target });
    }
    new CfnOutput(this, 'SiteUrl', {
      value: props.domain ? `https://${props.domain.domainName}` : `https://${this.distribution.distributionDomainName}`,
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
  }

  /** cdk-nag (AWS Solutions) findings of this stack, each on purpose. */
  private acknowledgeNagFindings(hasDomain: boolean): void {
    // The site bucket holds build output only, readable by CloudFront alone: who read what is in
    // CloudFront's metrics and the WAF's sampled requests; S3 access logs would add nothing.
    acknowledgeNag(this.siteBucket, 'S1', 'Build output only, read by CloudFront alone.');
    // Stepcast is offered everywhere; the WAF, not geography, keeps abuse out.
    acknowledgeNag(this.distribution, 'CFR1', 'A product for every country: no geo restriction.');
    // Standard logs cost per request and hold viewer IPs; the API's JSON access logs, CloudFront's
    // and WAF's metrics and the WAF's sampled requests are what on-call reads.
    // Without a domain the distribution answers with CloudFront's own *.cloudfront.net
    // certificate, whose TLS policy CloudFront fixes; with one, TLS 1.2_2021 is set above.
    if (!hasDomain) {
      acknowledgeNag(this.distribution, 'CFR4', "CloudFront's default certificate: its TLS policy is CloudFront's. A stage's domainName gets TLS 1.2+.");
    }
    acknowledgeNag(this.distribution, 'CFR3', 'API access logs, CloudFront and WAF metrics and WAF samples instead of standard logs.');
    // CDK's own helper functions (the SPA upload, emptying the site bucket on delete) and the
    // edge function: CDK fixes their roles and runtimes. Their roles write their own logs, and the
    // upload reads CDK's asset bucket, writes the site bucket's objects and invalidates the
    // distribution's cache (CloudFront's CreateInvalidation has no resource-level permission).
    const env = nagEnvironment(this);
    acknowledgeNag(this, 'IAM4', "CDK's helper functions and the edge function write their own logs only.", [
      'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole',
    ]);
    acknowledgeNag(this, 'IAM5', "CDK's upload helper: CDK's asset bucket, the site bucket's objects, cache invalidation.", [
      ...BUCKET_READ_ACTION_FINDINGS,
      ...BUCKET_WRITE_ACTION_FINDINGS,
      `Resource::arn:${env.partition}:s3:::cdk-hnb659fds-assets-${env.account}-${env.region}/*`,
      `Resource::${nagAttribute(this.siteBucket)}/*`,
      'Resource::*',
    ]);
    acknowledgeNag(this, 'L1', "CDK's helper functions' runtimes are CDK's; the edge function runs Node.js 22 LTS like the rest.");
  }

  /**
   * Log retention for the edge function. Lambda@Edge replicas log to `/aws/lambda/us-east-1.{name}`
   * in whichever region serves the viewer, creating that group on first use with no retention.
   * This stack, in us-east-1 with the function, owns that group for us-east-1; the groups of
   * other regions would need a stack (or custom resource) per region and keep CloudWatch's
   * default. The function's own `/aws/lambda/{name}` (only direct invokes write there) follows
   * the stage too, instead of CDK's default two years, retained.
   */
  private limitEdgeLogRetention(edge: experimental.EdgeFunction, stage: StageConfig): void {
    // Beside the function itself: in this stack in us-east-1, else in the edge stack CDK adds there.
    const fn = edge.lambda;
    if (!(fn instanceof Construct)) throw new Error('the edge function is not a construct of this app');
    new LogGroup(fn, 'ReplicaLogs', {
      logGroupName: `/aws/lambda/us-east-1.${fn.functionName}`,
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    const own = fn.node.tryFindChild('LogGroup');
    if (own instanceof LogGroup) {
      own.applyRemovalPolicy(stage.removalPolicy);
      const cfn = own.node.defaultChild;
      if (cfn instanceof CfnLogGroup) cfn.retentionInDays = stage.logRetention;
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
   * only run after the distribution's update, minutes later.
   */
  private deploySite(siteDir: string, fallback: { spaFallback: CloudFrontFunction; prerendered: boolean }): void {
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
    const bundleDir = path.join(siteDir, SPA_BUNDLE_DIR);
    const bundles = existsSync(bundleDir)
      ? new BucketDeployment(this, 'DeploySiteBundles', {
          sources: [Source.asset(bundleDir, { exclude: UNDEPLOYED_SITE_FILES })],
          destinationBucket: this.siteBucket,
          destinationKeyPrefix: `${SPA_BUNDLE_DIR}/`,
          cacheControl: [CacheControl.fromString(IMMUTABLE_CACHE_CONTROL)],
          prune: false,
          memoryLimit: 512,
        })
      : undefined;
    const shell = new BucketDeployment(this, 'DeploySiteShell', {
      sources: [Source.asset(siteDir, { exclude: [SPA_BUNDLE_DIR, ...UNDEPLOYED_SITE_FILES] })],
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
    if (fallback.prerendered) {
      const pages = new BucketDeployment(this, 'DeploySitePages', {
        sources: [Source.asset(siteDir, { exclude: [SPA_BUNDLE_DIR, ...UNDEPLOYED_SITE_FILES] })],
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

/**
 * Whether the site build may be uploaded to this stage: it names its origin in canonical URLs,
 * Open Graph tags and the sitemap, so it must have been made for this stage (web/dist/site.json,
 * shared/site-build.ts). A local build (`npm start`, `npm test`, a plain `npm run build`) or one
 * for another stage is left out with a warning, as a missing build is; a build for this stage
 * with another origin than the configured one stops the synth. No build at all: true, and
 * `deploySite` warns.
 */
function isBuildForStage(scope: Stack, siteDir: string, stageName: string, appOrigin: string | undefined): boolean {
  if (!existsSync(path.join(siteDir, 'index.html'))) return true;
  const file = path.join(siteDir, SITE_BUILD_FILE);
  const record = existsSync(file) ? SiteBuild.safeParse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
  const build = record?.success ? record.data : undefined;
  if (build?.stage !== stageName) {
    const madeFor = !build ? 'without a site record (an older build)' : build.stage ? `for stage ${build.stage} (${build.origin})` : `for local use (${build.origin})`;
    Annotations.of(scope).addWarningV2(
      'stepcast:web:site-built-for-another-stage',
      `${siteDir} was built ${madeFor}: the site is not uploaded to stage ${stageName}. npm run deploy -- --stage ${stageName} builds it with the stage's origin.`,
    );
    return false;
  }
  if (appOrigin && build.origin !== appOrigin) {
    throw new UsageError(`${siteDir} was built for ${build.origin}, but stage ${stageName}'s site is ${appOrigin}: rebuild it with npm run deploy -- --stage ${stageName}.`);
  }
  return true;
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
