import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate, CertificateValidation, type ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import { HostedZone } from 'aws-cdk-lib/aws-route53';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { AppError, errorBody } from '#shared/errors';
import type { StageConfig } from '../stage';

/** CloudFront's certificates and web ACLs live in us-east-1 whatever the stage's region. */
export const GLOBAL_REGION = 'us-east-1';

/** A custom domain for the site: the name and the Route 53 hosted zone that holds it. */
export interface SiteDomain {
  /** `stepcast.example.com`: the certificate's name and the alias records' */
  readonly domainName: string;
  /** the Route 53 hosted zone the name is in (it validates the certificate and gets the aliases) */
  readonly hostedZoneId: string;
}

/**
 * Requests per IP to `/api/auth/*` in five minutes before WAF answers 429 for the rest of the
 * window. The API's own limits (3 sign-ins per 10 s per account and per IP) stop guessing; this
 * stops floods before they cost a Lambda. Generous, because `/api/auth/get-session` and the
 * organisation calls run on every page of the app, and offices share one address.
 */
export const AUTH_RATE_LIMIT_PER_5_MINUTES = 1000;
export const AUTH_PATH_PREFIX = '/api/auth/';

/**
 * Rules of AWS's common rule set that would refuse what the product does on purpose, counted
 * instead of blocking: JSON bodies up to 1 MB (the rule stops at 8 KB; Stripe's webhooks exceed
 * it) and text that looks like markup in titles and step text (stored as text and escaped in every
 * page, which the security tests check; security.md requires it to round-trip).
 */
export const COMMON_RULES_COUNTED = ['SizeRestrictions_BODY', 'CrossSiteScripting_BODY'] as const;

export interface GlobalStackProps extends StackProps {
  readonly stage: StageConfig;
  /** @default no custom domain: the distribution's own `*.cloudfront.net` name */
  readonly domain?: SiteDomain;
}

/**
 * What CloudFront needs from us-east-1: the WAF web ACL and the custom domain's certificate. A
 * stage in another region reads them through CDK's cross-region references.
 */
export class GlobalStack extends Stack {
  readonly webAcl: CfnWebACL;
  readonly certificate?: ICertificate;

  constructor(scope: Construct, id: string, props: GlobalStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const metric = (name: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `stepcast-${stage.name}-${name}`,
    });
    const managedGroup = (name: string, priority: number, counted: readonly string[] = []): CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ...(counted.length ? { ruleActionOverrides: counted.map((rule) => ({ name: rule, actionToUse: { count: {} } })) } : {}),
        },
      },
      visibilityConfig: metric(name),
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `stepcast-${stage.name}`,
      description: `Stepcast ${stage.name}: CloudFront`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: metric('waf'),
      // The API's one error shape, so the app shows its message like any other 429.
      customResponseBodies: {
        'rate-limited': {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify(
            errorBody(new AppError('rate_limited', 'Too many requests from your network. Please wait a few minutes and try again.')),
          ),
        },
      },
      rules: [
        // First: a flood is refused before the managed groups spend their capacity on it.
        {
          name: 'AuthRateLimit',
          priority: 0,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'rate-limited' } } },
          statement: {
            rateBasedStatement: {
              limit: AUTH_RATE_LIMIT_PER_5_MINUTES,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  searchString: AUTH_PATH_PREFIX,
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
          visibilityConfig: metric('auth-rate-limit'),
        },
        managedGroup('AWSManagedRulesCommonRuleSet', 1, COMMON_RULES_COUNTED),
        managedGroup('AWSManagedRulesKnownBadInputsRuleSet', 2),
      ],
    });

    if (props.domain) {
      const zone = HostedZone.fromHostedZoneId(this, 'Zone', props.domain.hostedZoneId);
      this.certificate = new Certificate(this, 'Certificate', {
        domainName: props.domain.domainName,
        validation: CertificateValidation.fromDns(zone),
      });
      new CfnOutput(this, 'CertificateArn', { value: this.certificate.certificateArn });
    }

    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}
