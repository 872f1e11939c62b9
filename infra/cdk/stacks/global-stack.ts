import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import { CfnAnomalyMonitor, CfnAnomalySubscription } from 'aws-cdk-lib/aws-ce';
import { Certificate, CertificateValidation, type ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { HostedZone } from 'aws-cdk-lib/aws-route53';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { privateBucketProps } from '../constructs/private-bucket';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { acknowledgeNag } from '../nag';
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
 * The public routes' own WAF limits per IP and five minutes, apart from the authors' (the API's
 * route throttles, api-stack.ts, are their second line). Viewers' events: about three batches per
 * view, so 3,000 is a thousand views from one address (a school or an office) in five minutes.
 * Shared guides: one read per page and embed view, plus the share page's edge function reading
 * the guide for its preview (from AWS's addresses, cached by CloudFront for public guides).
 */
export const EVENTS_RATE_LIMIT_PER_5_MINUTES = 3000;
export const EVENTS_PATH_PREFIX = '/api/events';
export const SHARE_RATE_LIMIT_PER_5_MINUTES = 3000;
export const SHARE_PATH_PREFIX = '/api/share/';

/** A production stage's cost alerts: a monthly budget and a cost anomaly monitor, mailed to on-call. */
export interface CostAlerts {
  readonly email: string;
  readonly monthlyBudgetUsd: number;
}

/** The smallest anomaly (USD of unexpected spend, total impact) worth a mail. */
export const COST_ANOMALY_THRESHOLD_USD = 25;

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
  /** @default none (stages other than production) */
  readonly costAlerts?: CostAlerts;
}

/**
 * What CloudFront needs from us-east-1: the WAF web ACL and the custom domain's certificate. A
 * stage in another region reads them through CDK's cross-region references.
 */
export class GlobalStack extends Stack {
  readonly webAcl: CfnWebACL;
  /** WAF's logs of what it blocked or counted (the name must start with aws-waf-logs-) */
  readonly wafLogBucket: Bucket;
  readonly certificate?: ICertificate;
  readonly budget?: CfnBudget;
  readonly anomalyMonitor?: CfnAnomalyMonitor;

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
        // First: floods are refused before the managed groups spend their capacity on them.
        rateRule('AuthRateLimit', 0, AUTH_PATH_PREFIX, AUTH_RATE_LIMIT_PER_5_MINUTES, metric('auth-rate-limit')),
        rateRule('EventsRateLimit', 1, EVENTS_PATH_PREFIX, EVENTS_RATE_LIMIT_PER_5_MINUTES, metric('events-rate-limit')),
        rateRule('ShareRateLimit', 2, SHARE_PATH_PREFIX, SHARE_RATE_LIMIT_PER_5_MINUTES, metric('share-rate-limit')),
        managedGroup('AWSManagedRulesCommonRuleSet', 3, COMMON_RULES_COUNTED),
        managedGroup('AWSManagedRulesKnownBadInputsRuleSet', 4),
      ],
    });

    this.wafLogBucket = this.logWaf(stage);
    if (props.costAlerts) {
      const { budget, monitor } = this.alertOnCosts(stage, props.costAlerts);
      this.budget = budget;
      this.anomalyMonitor = monitor;
    }

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

  /**
   * WAF's logs, in a bucket of their own here in us-east-1 (WAF logs a CloudFront web ACL only to a
   * bucket named aws-waf-logs-* in its region): only the requests it blocked or counted, which is
   * what on-call reads, with the cookie and authorization headers redacted (sessions).
   */
  private logWaf(stage: StageConfig): Bucket {
    const bucket = new Bucket(this, 'WafLogBucket', {
      ...privateBucketProps(stage),
      bucketName: `aws-waf-logs-stepcast-${stage.name}-${this.account}`,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(stage.accessLogDays) }],
    });
    acknowledgeNag(bucket, 'S1', "WAF's log bucket: its own access logs would be logs of logs.");
    // CloudWatch Logs' delivery service writes the logs for WAF, for this account's web ACLs only.
    const logsSource = { 'aws:SourceAccount': this.account };
    const logsArn = { 'aws:SourceArn': `arn:${this.partition}:logs:${this.region}:${this.account}:*` };
    bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AWSLogDeliveryWrite',
        principals: [new ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [bucket.arnForObjects(`AWSLogs/${this.account}/*`)],
        conditions: { StringEquals: { ...logsSource, 's3:x-amz-acl': 'bucket-owner-full-control' }, ArnLike: logsArn },
      }),
    );
    bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AWSLogDeliveryAclCheck',
        principals: [new ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['s3:GetBucketAcl'],
        resources: [bucket.bucketArn],
        conditions: { StringEquals: logsSource, ArnLike: logsArn },
      }),
    );
    const logging = new CfnLoggingConfiguration(this, 'WebAclLogging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [bucket.bucketArn],
      redactedFields: [{ singleHeader: { Name: 'cookie' } }, { singleHeader: { Name: 'authorization' } }],
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [{ Behavior: 'KEEP', Requirement: 'MEETS_ANY', Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }] }],
      },
    });
    logging.node.addDependency(bucket);
    new CfnOutput(this, 'WafLogBucketName', { value: bucket.bucketName });
    return bucket;
  }

  /**
   * A production stage's spend, watched two ways, both mailed to on-call: a monthly budget (at 80%
   * of it actually spent, and when the month's forecast passes it) and Cost Explorer's anomaly
   * detection (a daily mail of anomalies of COST_ANOMALY_THRESHOLD_USD or more). Both count the
   * stage by its `stage` tag, which must be activated once as a cost allocation tag (Billing
   * console), as infra/cdk/README.md says.
   */
  private alertOnCosts(stage: StageConfig, alerts: CostAlerts): { budget: CfnBudget; monitor: CfnAnomalyMonitor } {
    const subscribers = [{ subscriptionType: 'EMAIL', address: alerts.email }];
    const budget = new CfnBudget(this, 'Budget', {
      budget: {
        budgetName: `stepcast-${stage.name}`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: alerts.monthlyBudgetUsd, unit: 'USD' },
        costFilters: { TagKeyValue: [`user:stage$${stage.name}`] },
      },
      notificationsWithSubscribers: [
        { notification: { notificationType: 'ACTUAL', comparisonOperator: 'GREATER_THAN', threshold: 80, thresholdType: 'PERCENTAGE' }, subscribers },
        { notification: { notificationType: 'FORECASTED', comparisonOperator: 'GREATER_THAN', threshold: 100, thresholdType: 'PERCENTAGE' }, subscribers },
      ],
    });
    const monitor = new CfnAnomalyMonitor(this, 'CostAnomalyMonitor', {
      monitorName: `stepcast-${stage.name}`,
      monitorType: 'CUSTOM',
      monitorSpecification: JSON.stringify({ Tags: { Key: 'stage', Values: [stage.name], MatchOptions: ['EQUALS'] } }),
    });
    new CfnAnomalySubscription(this, 'CostAnomalyAlerts', {
      subscriptionName: `stepcast-${stage.name}`,
      frequency: 'DAILY',
      monitorArnList: [monitor.attrMonitorArn],
      subscribers: [{ type: 'EMAIL', address: alerts.email }],
      thresholdExpression: JSON.stringify({
        Dimensions: { Key: 'ANOMALY_TOTAL_IMPACT_ABSOLUTE', MatchOptions: ['GREATER_THAN_OR_EQUAL'], Values: [String(COST_ANOMALY_THRESHOLD_USD)] },
      }),
    });
    return { budget, monitor };
  }
}

/** A rate-based rule: requests per IP to paths starting with `pathPrefix`, over five minutes, answered 429 in the API's error shape. */
function rateRule(name: string, priority: number, pathPrefix: string, limit: number, visibilityConfig: CfnWebACL.VisibilityConfigProperty): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'rate-limited' } } },
    statement: {
      rateBasedStatement: {
        limit,
        evaluationWindowSec: 300,
        aggregateKeyType: 'IP',
        scopeDownStatement: {
          byteMatchStatement: {
            searchString: pathPrefix,
            fieldToMatch: { uriPath: {} },
            positionalConstraint: 'STARTS_WITH',
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
      },
    },
    visibilityConfig,
  };
}

