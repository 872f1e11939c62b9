import { readFileSync } from 'node:fs';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FUNCTIONS } from '../../functions/routes';
import {
  AUTH_PATH_PREFIX,
  AUTH_RATE_LIMIT_PER_5_MINUTES,
  COMMON_RULES_COUNTED,
  EVENTS_PATH_PREFIX,
  EVENTS_RATE_LIMIT_PER_5_MINUTES,
  SHARE_PATH_PREFIX,
  SHARE_RATE_LIMIT_PER_5_MINUTES,
} from './stacks/global-stack';
import { ALARM_THRESHOLDS, STRIPE_WEBHOOK_ROUTE_KEY } from './stacks/monitoring-stack';
import { fromRoot } from './paths';
import { onlyResource, synthStepcast } from './test-support';

const dev = synthStepcast({ stage: 'dev' });
const DOMAIN = { domainName: 'stepcast.example.com', hostedZoneId: 'Z0123456789ABCDEFGHIJ' };
const withDomain = synthStepcast({ stage: 'prod', domain: DOMAIN, appOrigin: 'https://stepcast.example.com', alarmEmail: 'oncall@example.com' });
// The exports API enqueues to the export worker, so every synth lists one.
const WORKER = {
  voiceover: { entry: 'functions/http/health/index.ts', access: {}, timeoutSeconds: 400 },
  export: { entry: 'functions/http/health/index.ts', access: {} },
  drift: { entry: 'functions/http/health/index.ts', access: {} },
  translation: { entry: 'functions/http/health/index.ts', access: {} },
};
const withWorker = synthStepcast({ stage: 'dev', workers: WORKER });

const Rule = z.object({
  Name: z.string(),
  Priority: z.number(),
  Statement: z.record(z.string(), z.unknown()),
  Action: z.unknown().optional(),
  OverrideAction: z.unknown().optional(),
});
const WebAcl = z.object({
  Properties: z.object({
    Scope: z.string(),
    DefaultAction: z.unknown(),
    Rules: z.array(Rule),
    CustomResponseBodies: z.record(z.string(), z.object({ ContentType: z.string(), Content: z.string() })),
  }),
});

describe('WAF on CloudFront', () => {
  const acl = onlyResource(dev.global, 'AWS::WAFv2::WebACL', WebAcl).Properties;

  it('is a CloudFront web ACL in us-east-1 that allows by default, and the distribution uses it', () => {
    expect(acl.Scope).toBe('CLOUDFRONT');
    expect(acl.DefaultAction).toEqual({ Allow: {} });
    expect(dev.stacks.global.region).toBe('us-east-1');
    dev.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: { WebACLId: Match.anyValue() },
    });
    expect(JSON.stringify(dev.web.toJSON())).toMatch(/WebAcl.*Arn/);
  });

  it("runs AWS's common and known-bad-inputs rule groups, counting only the rules the product's own bodies trip", () => {
    const groups = acl.Rules.filter((rule) => 'ManagedRuleGroupStatement' in rule.Statement);
    expect(groups.map((rule) => rule.Name)).toEqual(['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet']);
    for (const group of groups) expect(group.OverrideAction).toEqual({ None: {} });
    const common = z
      .object({ ManagedRuleGroupStatement: z.object({ VendorName: z.literal('AWS'), RuleActionOverrides: z.array(z.object({ Name: z.string(), ActionToUse: z.unknown() })) }) })
      .parse(groups[0]!.Statement).ManagedRuleGroupStatement.RuleActionOverrides;
    expect(common).toEqual(COMMON_RULES_COUNTED.map((name) => ({ Name: name, ActionToUse: { Count: {} } })));
  });

  it.each([
    ['AuthRateLimit', 0, AUTH_PATH_PREFIX, AUTH_RATE_LIMIT_PER_5_MINUTES],
    ['EventsRateLimit', 1, EVENTS_PATH_PREFIX, EVENTS_RATE_LIMIT_PER_5_MINUTES],
    ['ShareRateLimit', 2, SHARE_PATH_PREFIX, SHARE_RATE_LIMIT_PER_5_MINUTES],
  ] as const)('%s: limits requests per IP to its own paths before the managed groups, answering 429 in the API error shape', (name, priority, prefix, limit) => {
    const rate = acl.Rules.find((rule) => rule.Name === name);
    expect(rate?.Priority).toBe(priority);
    expect(Math.min(...acl.Rules.filter((rule) => 'ManagedRuleGroupStatement' in rule.Statement).map((rule) => rule.Priority))).toBeGreaterThan(priority);
    expect(rate?.Statement).toEqual({
      RateBasedStatement: {
        Limit: limit,
        EvaluationWindowSec: 300,
        AggregateKeyType: 'IP',
        ScopeDownStatement: {
          ByteMatchStatement: {
            SearchString: prefix,
            FieldToMatch: { UriPath: {} },
            PositionalConstraint: 'STARTS_WITH',
            TextTransformations: [{ Priority: 0, Type: 'NONE' }],
          },
        },
      },
    });
    expect(rate?.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'rate-limited' } } });
    const body = acl.CustomResponseBodies['rate-limited'];
    expect(body?.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(body!.Content)).toMatchObject({ error: { code: 'rate_limited' } });
  });

  it("logs what it blocked or counted to an aws-waf-logs-* bucket in us-east-1, without cookies or authorization, expired", () => {
    dev.global.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      RedactedFields: [{ SingleHeader: { Name: 'cookie' } }, { SingleHeader: { Name: 'authorization' } }],
      LoggingFilter: { DefaultBehavior: 'DROP', Filters: [Match.objectLike({ Behavior: 'KEEP', Requirement: 'MEETS_ANY' })] },
    });
    dev.global.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: 'aws-waf-logs-stepcast-dev-111111111111',
      LifecycleConfiguration: { Rules: [Match.objectLike({ ExpirationInDays: 30, Status: 'Enabled' })] },
    });
  });
});

describe('custom domain', () => {
  it('without one, the distribution has no alias, certificate or records, and the synth still works', () => {
    dev.global.resourceCountIs('AWS::CertificateManager::Certificate', 0);
    dev.web.resourceCountIs('AWS::Route53::RecordSet', 0);
    const config = JSON.stringify(dev.web.findResources('AWS::CloudFront::Distribution'));
    expect(config).not.toContain('Aliases');
    expect(config).not.toContain('AcmCertificateArn');
  });

  it('with one, a DNS-validated certificate in us-east-1 for the name', () => {
    withDomain.global.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: DOMAIN.domainName,
      ValidationMethod: 'DNS',
      DomainValidationOptions: [{ DomainName: DOMAIN.domainName, HostedZoneId: DOMAIN.hostedZoneId }],
    });
    expect(withDomain.stacks.global.region).toBe('us-east-1');
  });

  it('with one, the distribution answers on it with the certificate, TLS 1.2+ and SNI only', () => {
    withDomain.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: [DOMAIN.domainName],
        ViewerCertificate: {
          AcmCertificateArn: Match.anyValue(),
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      },
    });
  });

  it('with one, Route 53 A and AAAA alias records point the name at the distribution', () => {
    for (const type of ['A', 'AAAA']) {
      withDomain.web.hasResourceProperties('AWS::Route53::RecordSet', {
        Name: `${DOMAIN.domainName}.`,
        Type: type,
        HostedZoneId: DOMAIN.hostedZoneId,
        AliasTarget: { DNSName: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Distribution'), 'DomainName'] } },
      });
    }
    withDomain.web.hasOutput('SiteUrl', { Value: `https://${DOMAIN.domainName}` });
  });

  it('serves pages over https only: plain http is redirected, the API refuses it', () => {
    const config = z
      .object({ DistributionConfig: z.object({ DefaultCacheBehavior: z.object({ ViewerProtocolPolicy: z.string() }), CacheBehaviors: z.array(z.object({ PathPattern: z.string(), ViewerProtocolPolicy: z.string() })) }) })
      .parse(onlyResource(withDomain.web, 'AWS::CloudFront::Distribution', z.object({ Properties: z.unknown() })).Properties);
    expect(config.DistributionConfig.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    for (const behaviour of config.DistributionConfig.CacheBehaviors) {
      expect(behaviour.ViewerProtocolPolicy, behaviour.PathPattern).toBe(behaviour.PathPattern.startsWith('/api/') ? 'https-only' : 'redirect-to-https');
    }
  });

  it('gives the functions the domain as their origin when no appOrigin is given', () => {
    const only = synthStepcast({ stage: 'dev', domain: DOMAIN });
    expect(JSON.stringify(only.api.findResources('AWS::Lambda::Function'))).toContain('"APP_ORIGIN":"https://stepcast.example.com"');
  });

  it('in a stage outside us-east-1, keeps the certificate and web ACL in us-east-1 and references them across regions', () => {
    const frankfurt = synthStepcast({ stage: 'dev', domain: DOMAIN, env: { account: '111111111111', region: 'eu-central-1' } });
    expect(frankfurt.stacks.global.region).toBe('us-east-1');
    expect(frankfurt.stacks.web.region).toBe('eu-central-1');
    frankfurt.global.resourceCountIs('AWS::WAFv2::WebACL', 1);
    // Read across regions from the us-east-1 stack's outputs.
    const distribution = JSON.stringify(frankfurt.web.findResources('AWS::CloudFront::Distribution'));
    expect(distribution).toMatch(/"WebACLId":\{"Fn::GetStackOutput":\{"StackName":"stepcast-dev-global","Region":"us-east-1"/);
    expect(distribution).toMatch(/"AcmCertificateArn":\{"Fn::GetStackOutput":\{"StackName":"stepcast-dev-global","Region":"us-east-1"/);
  });
});

describe('alarms and dashboard', () => {
  const Alarm = z.object({
    Properties: z.object({
      AlarmDescription: z.string(),
      Threshold: z.number(),
      EvaluationPeriods: z.number(),
      ComparisonOperator: z.string(),
      TreatMissingData: z.string(),
      AlarmActions: z.array(z.unknown()),
      OKActions: z.array(z.unknown()),
      DatapointsToAlarm: z.number().optional(),
      MetricName: z.string().optional(),
      Namespace: z.string().optional(),
      Metrics: z.array(z.record(z.string(), z.unknown())).optional(),
    }),
  });
  const alarmsOf = (template: typeof dev.monitoring) =>
    Object.entries(template.findResources('AWS::CloudWatch::Alarm')).map(([id, resource]) => ({ id, ...Alarm.parse(resource).Properties }));
  const alarms = alarmsOf(withWorker.monitoring);
  const byId = (prefix: string) => {
    const found = alarms.find((a) => a.id.startsWith(prefix));
    if (!found) throw new Error(`no alarm ${prefix}; have ${alarms.map((a) => a.id).join(', ')}`);
    return found;
  };
  const metricsOf = (alarm: (typeof alarms)[number]) => JSON.stringify(alarm.Metrics ?? [alarm.Namespace, alarm.MetricName]);

  it('sends every alarm, and its recovery, to the SNS topic', () => {
    expect(alarms.length).toBeGreaterThan(0);
    for (const alarm of alarms) {
      expect(JSON.stringify(alarm.AlarmActions), alarm.id).toMatch(/AlarmsTopic/);
      expect(JSON.stringify(alarm.OKActions), alarm.id).toMatch(/AlarmsTopic/);
      expect(alarm.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
      expect(alarm.TreatMissingData).toBe('notBreaching');
    }
  });

  it('mails the configured address, over an SSL-only topic that only CloudWatch publishes to', () => {
    withDomain.monitoring.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'oncall@example.com' });
    dev.monitoring.resourceCountIs('AWS::SNS::Subscription', 0);
    dev.monitoring.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({ Effect: 'Allow', Action: 'sns:Publish', Principal: { Service: 'cloudwatch.amazonaws.com' } }),
        ]),
      },
    });
  });

  it('watches the API 5xx rate (with a floor of requests) and its p99 latency', () => {
    const rate = byId('ApiServerErrorRate');
    expect(rate.Threshold).toBe(ALARM_THRESHOLDS.apiServerErrorRatePercent);
    expect(metricsOf(rate)).toContain('5xx');
    expect(metricsOf(rate)).toContain(`requests >= ${ALARM_THRESHOLDS.apiMinimumRequests}`);
    const latency = byId('ApiLatencyP99');
    expect(latency.Threshold).toBe(ALARM_THRESHOLDS.apiP99LatencyMs);
    withWorker.monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'Latency', ExtendedStatistic: 'p99', Namespace: 'AWS/ApiGateway' });
  });

  it('alarms on rates, percentiles and sustained counts, not single events (a dead letter is a job a user waits for)', () => {
    for (const alarm of alarms) {
      const single = alarm.Threshold <= 1 && alarm.EvaluationPeriods === 1;
      expect({ id: alarm.id, single }).toEqual({ id: alarm.id, single: /DeadLetters/.test(alarm.id) });
    }
  });

  it("ends each alarm's description with the link to its section of docs/runbooks.md, which exists", () => {
    const runbook = readFileSync(fromRoot('docs/runbooks.md'), 'utf8');
    const anchors = new Set([...runbook.matchAll(/^#+ (.+)$/gm)].map((m) => m[1]!.toLowerCase().replace(/[^a-z0-9 -]/g, '').trim().replace(/ /g, '-')));
    for (const alarm of alarms) {
      const link = /Runbook: docs\/runbooks\.md#([a-z0-9-]+)$/.exec(alarm.AlarmDescription);
      expect(link, alarm.id).not.toBeNull();
      expect(anchors.has(link![1]!), `${alarm.id} → #${link![1]}`).toBe(true);
    }
  });

  it("watches each Lambda's error rate (with a floor of invocations) and throttles: the API's, the workers' and the invalidation worker's", () => {
    const names = [...Object.keys(FUNCTIONS), 'voiceoverworker', 'exportworker', 'driftworker', 'translationworker', 'cdninvalidationworker'];
    for (const name of names) {
      const prefix = name.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
      const errors = alarms.find((a) => a.id.toLowerCase().startsWith(`${prefix}errorrate`));
      const throttles = alarms.find((a) => a.id.toLowerCase().startsWith(`${prefix}throttles`));
      expect(metricsOf(errors!), name).toMatch(/Errors.*Invocations|Invocations.*Errors/);
      expect(metricsOf(errors!), name).toContain(`invocations >= ${ALARM_THRESHOLDS.lambdaMinimumInvocations}`);
      expect(errors?.Threshold, name).toBe(ALARM_THRESHOLDS.lambdaErrorRatePercent);
      expect(errors?.EvaluationPeriods, name).toBe(2);
      expect(throttles?.MetricName, name).toBe('Throttles');
      expect(throttles?.EvaluationPeriods, name).toBe(2);
    }
  });

  it("watches each API function's p99 duration against its timeout", () => {
    for (const [name, spec] of Object.entries(FUNCTIONS)) {
      const p99 = alarms.find((a) => a.id.toLowerCase().startsWith(`${name.toLowerCase()}durationp99`));
      expect(p99?.Threshold, name).toBe(((spec as { timeoutSeconds?: number }).timeoutSeconds ?? 10) * 1000 * (ALARM_THRESHOLDS.lambdaP99DurationOfTimeoutPercent / 100));
      expect(p99?.EvaluationPeriods, name).toBe(3);
    }
    withWorker.monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'Duration', ExtendedStatistic: 'p99', Namespace: 'AWS/Lambda' });
  });

  it('watches the invalidation worker\'s queue and dead-letter queue', () => {
    expect(byId('cdninvalidationDeadLetters').AlarmDescription).toMatch(/#cdn-invalidation$/);
    expect(byId('cdninvalidationQueueOldestMessage').MetricName).toBe('ApproximateAgeOfOldestMessage');
  });

  it("watches the share page's Lambda@Edge errors as CloudFront counts them, whichever region ran it", () => {
    const edge = byId('ShareEdgeFunctionErrors');
    expect(metricsOf(edge)).toMatch(/LambdaExecutionError.*LambdaValidationError/);
    expect(metricsOf(edge)).toContain('AWS/CloudFront');
    expect(edge.EvaluationPeriods).toBe(2);
  });

  it("watches each worker queue's oldest message and its dead-letter queue", () => {
    const oldest = byId('voiceoverQueueOldestMessage');
    expect(oldest.MetricName).toBe('ApproximateAgeOfOldestMessage');
    // Twice the worker's 400 s, which is above the 600 s floor.
    expect(oldest.Threshold).toBe(800);
    const dead = byId('voiceoverDeadLetters');
    expect(dead.MetricName).toBe('ApproximateNumberOfMessagesVisible');
    expect(dead.Threshold).toBe(1);
    // Queue alarms exist for the workers there are, and only for them.
    const queueAlarms = alarmsOf(dev.monitoring).filter((a) => /Queue|DeadLetters/.test(a.id));
    expect(queueAlarms.every((a) => ['voiceover', 'export', 'drift', 'translation', 'cdninvalidation'].some((name) => a.id.startsWith(name)))).toBe(true);
    expect(queueAlarms.some((a) => a.id.startsWith('driftQueueOldestMessage'))).toBe(true);
    expect(queueAlarms.some((a) => a.id.startsWith('exportQueueOldestMessage'))).toBe(true);
    expect(queueAlarms.some((a) => a.id.startsWith('voiceoverQueueOldestMessage'))).toBe(true);
  });

  it('watches DynamoDB throttles and system errors', () => {
    expect(metricsOf(byId('TableThrottles'))).toMatch(/ReadThrottleEvents.*WriteThrottleEvents/);
    expect(metricsOf(byId('TableSystemErrors'))).toContain('SystemErrors');
  });

  it('counts Stripe webhook failures from the JSON access log', () => {
    withWorker.monitoring.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: `{ ($.routeKey = "${STRIPE_WEBHOOK_ROUTE_KEY}") && ($.status >= 400) }`,
      MetricTransformations: [{ MetricName: 'StripeWebhookFailures', MetricNamespace: 'Stepcast/dev', MetricValue: '1' }],
    });
    expect(byId('StripeWebhookFailures').MetricName).toBe('StripeWebhookFailures');
  });

  it('watches the CloudFront 5xx rate (its metrics are in us-east-1, where this stage is)', () => {
    const cloudFront = byId('CloudFrontServerErrorRate');
    expect(cloudFront.Namespace).toBe('AWS/CloudFront');
    expect(cloudFront.MetricName).toBe('5xxErrorRate');
    expect(cloudFront.Threshold).toBe(ALARM_THRESHOLDS.cloudFrontServerErrorRatePercent);
  });

  it('has one dashboard per stage, named after it, with every alarm and metric', () => {
    withWorker.monitoring.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const body = JSON.stringify(withWorker.monitoring.findResources('AWS::CloudWatch::Dashboard'));
    expect(body).toContain('stepcast-dev');
    for (const metric of ['5xx', 'Latency', 'Errors', 'Throttles', 'ApproximateAgeOfOldestMessage', 'ApproximateNumberOfMessagesVisible', 'ThrottleEvents', 'SystemErrors', 'StripeWebhookFailures', '5xxErrorRate']) {
      expect(body, metric).toContain(metric);
    }
    for (const alarm of alarms) expect(body, alarm.id).toContain(alarm.id);
  });
});
