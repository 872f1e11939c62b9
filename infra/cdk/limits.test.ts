import { Stack } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_WORKER_MAX_CONCURRENCY, FUNCTIONS, ROUTES, WORKERS, routeKey } from '../../functions/routes';
import { INVALIDATION_MAX_CONCURRENCY } from './constructs/asset-invalidation';
import { API_THROTTLE, CANARY_ALARM, EVENTS_THROTTLE, LIVE_ALIAS, SHARE_THROTTLE } from './stacks/api-stack';
import { BACKUP_ROLE_POLICIES } from './stacks/data-stack';
import { COST_ANOMALY_THRESHOLD_USD } from './stacks/global-stack';
import { EDGE_LOG_REGIONS } from './stacks/web-stack';
import { DEFAULT_MONTHLY_BUDGET_USD } from './stepcast';
import { LogicalRef, synthStepcast, type Synthesised } from './test-support';

// What keeps a stage's spend, its blast radius and its data bounded: concurrency, throttles, WAF
// (operations.test.ts), budgets, canaries, logs, backups and IAM. Assertions on the templates.
const dev = synthStepcast({ stage: 'dev' });
const staging = synthStepcast({ stage: 'staging' });
const prod = synthStepcast({ stage: 'prod', alarmEmail: 'oncall@example.com', monthlyBudgetUsd: 500 });
/** By stage name: it.each rows must not carry constructs (the test title formatter inspects them). */
const SYNTHS = { dev, staging, prod } as const;
const templates = (synth: Synthesised): Array<[string, Template]> => [
  ['data', synth.data],
  ['api', synth.api],
  ['global', synth.global],
  ['web', synth.web],
  ['monitoring', synth.monitoring],
];

describe('concurrency: a burst of jobs waits in its queue instead of taking the API its concurrency', () => {
  const EventSourceMapping = z.object({ Properties: z.object({ EventSourceArn: z.unknown(), ScalingConfig: z.object({ MaximumConcurrency: z.number() }) }) });
  const mappings = (template: Template) => Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).map((m) => EventSourceMapping.parse(m).Properties);

  it.each(Object.entries(WORKERS))("%s worker: its queue's event source runs at most its maxConcurrency at once", (name, spec) => {
    const mapping = mappings(prod.api).find((m) => new RegExp(`"${name[0]!.toUpperCase()}${name.slice(1)}Queue[0-9A-F]{8}"`).test(JSON.stringify(m.EventSourceArn)));
    expect(mapping?.ScalingConfig.MaximumConcurrency).toBe(spec.maxConcurrency ?? DEFAULT_WORKER_MAX_CONCURRENCY);
  });

  it('every worker has a cap: no event source without one, in any stack', () => {
    for (const [stack, template] of templates(prod)) {
      for (const mapping of Object.values(template.findResources('AWS::Lambda::EventSourceMapping'))) {
        expect(JSON.stringify(mapping), stack).toMatch(/"MaximumConcurrency":\d+/);
      }
    }
    expect(mappings(prod.web).map((m) => m.ScalingConfig.MaximumConcurrency)).toEqual([INVALIDATION_MAX_CONCURRENCY]);
  });

  it('keeps the sum of the caps well inside a new account\'s quota raised once (infra/cdk/README.md, Limits)', () => {
    const total = Object.values(WORKERS).reduce((sum, spec) => sum + (spec.maxConcurrency ?? DEFAULT_WORKER_MAX_CONCURRENCY), 0) + INVALIDATION_MAX_CONCURRENCY;
    expect(total).toBeLessThanOrEqual(20);
  });
});

describe('throttles: the public routes have their own limits, apart from the authors\'', () => {
  const Stage = z.object({
    Properties: z.object({
      DefaultRouteSettings: z.object({ ThrottlingRateLimit: z.number(), ThrottlingBurstLimit: z.number() }),
      RouteSettings: z.record(z.string(), z.object({ ThrottlingRateLimit: z.number(), ThrottlingBurstLimit: z.number() })),
    }),
    DependsOn: z.array(z.string()),
  });
  const stage = Stage.parse(Object.values(dev.api.findResources('AWS::ApiGatewayV2::Stage'))[0]);

  it("limits each of the authors' routes with the stage's default", () => {
    expect(stage.Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: API_THROTTLE.rateLimit, ThrottlingBurstLimit: API_THROTTLE.burstLimit });
  });

  it.each(ROUTES.filter((r) => r.path.startsWith('/api/events') || r.path.startsWith('/api/share/')).map((r) => [routeKey(r), r] as const))(
    '%s has its own limit',
    (key, route) => {
      const expected = route.path.startsWith('/api/events') ? EVENTS_THROTTLE : SHARE_THROTTLE;
      expect(stage.Properties.RouteSettings[key]).toEqual({ ThrottlingRateLimit: expected.rateLimit, ThrottlingBurstLimit: expected.burstLimit });
    },
  );

  it('sets no route limit for any other route, and only once the routes exist (API Gateway refuses settings of unknown routes)', () => {
    const publicKeys = ROUTES.filter((r) => r.path.startsWith('/api/events') || r.path.startsWith('/api/share/')).map(routeKey);
    expect(Object.keys(stage.Properties.RouteSettings).sort()).toEqual(publicKeys.sort());
    const routeIds = Object.keys(dev.api.findResources('AWS::ApiGatewayV2::Route'));
    expect(routeIds.every((id) => stage.DependsOn.includes(id))).toBe(true);
  });
});

describe('aliases and canaries: a new version of an API function takes traffic through CodeDeploy, rolled back on alarms', () => {
  const DeploymentGroup = z.object({
    Properties: z.object({
      DeploymentConfigName: z.string(),
      AlarmConfiguration: z.object({ Enabled: z.literal(true), Alarms: z.array(z.object({ Name: LogicalRef })) }),
      AutoRollbackConfiguration: z.object({ Enabled: z.literal(true), Events: z.array(z.string()) }),
    }),
  });
  const groups = (template: Template) => Object.values(template.findResources('AWS::CodeDeploy::DeploymentGroup')).map((g) => DeploymentGroup.parse(g).Properties);

  it('gives every API function a live alias, which CodeDeploy updates (and nothing else), and no worker one', () => {
    const aliases = Object.values(dev.api.findResources('AWS::Lambda::Alias'));
    expect(aliases).toHaveLength(Object.keys(FUNCTIONS).length);
    for (const alias of aliases) {
      expect(alias).toMatchObject({ Properties: { Name: LIVE_ALIAS }, UpdatePolicy: { CodeDeployLambdaAliasUpdate: { DeploymentGroupName: expect.anything() } } });
    }
  });

  it.each([
    ['prod', 'CodeDeployDefault.LambdaCanary10Percent5Minutes'],
    ['staging', 'CodeDeployDefault.LambdaCanary10Percent5Minutes'],
    ['dev', 'CodeDeployDefault.LambdaAllAtOnce'],
  ] as const)('%s: shifts each function by %s', (stage, config) => {
    const found = groups(SYNTHS[stage].api);
    expect(found).toHaveLength(Object.keys(FUNCTIONS).length);
    for (const group of found) expect(group.DeploymentConfigName).toBe(config);
  });

  it("rolls back when the API's 5xx rate or the function's own error rate crosses its canary threshold, or the deployment fails", () => {
    for (const group of groups(prod.api)) {
      const names = group.AlarmConfiguration.Alarms.map((a) => a.Name);
      expect(names.some((n) => n.startsWith('CanaryApiServerErrorRate'))).toBe(true);
      expect(names.filter((n) => /^Canary[A-Za-z]+ErrorRate/.test(n) && !n.startsWith('CanaryApiServerErrorRate'))).toHaveLength(1);
      expect(group.AutoRollbackConfiguration.Events.sort()).toEqual(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM', 'DEPLOYMENT_STOP_ON_REQUEST']);
    }
    prod.api.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Threshold: CANARY_ALARM.apiServerErrorRatePercent,
      EvaluationPeriods: 2,
      DatapointsToAlarm: 1,
      AlarmDescription: Match.stringLikeRegexp('#canary-rollback$'),
    });
  });

  it('routes each request through the alias, so a rollback moves traffic back at once', () => {
    const Integration = z.object({ Properties: z.object({ IntegrationUri: LogicalRef }) });
    const aliasIds = Object.keys(dev.api.findResources('AWS::Lambda::Alias'));
    for (const integration of Object.values(dev.api.findResources('AWS::ApiGatewayV2::Integration'))) {
      expect(aliasIds).toContain(Integration.parse(integration).Properties.IntegrationUri);
    }
  });
});

describe('money: a production stage has a budget and a cost anomaly monitor, mailed to on-call', () => {
  it('budgets the month, alerting at 80% spent and at a forecast over it, for the stage by its tag', () => {
    prod.global.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: { BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 500, Unit: 'USD' }, CostFilters: { TagKeyValue: ['user:stage$prod'] } },
      NotificationsWithSubscribers: [
        { Notification: { NotificationType: 'ACTUAL', Threshold: 80 }, Subscribers: [{ SubscriptionType: 'EMAIL', Address: 'oncall@example.com' }] },
        { Notification: { NotificationType: 'FORECASTED', Threshold: 100 }, Subscribers: [{ SubscriptionType: 'EMAIL', Address: 'oncall@example.com' }] },
      ].map((n) => Match.objectLike({ ...n, Notification: Match.objectLike(n.Notification) })),
    });
    expect(DEFAULT_MONTHLY_BUDGET_USD).toBeGreaterThan(0);
  });

  it("watches the stage's costs for anomalies and mails those of $25 or more daily", () => {
    prod.global.hasResourceProperties('AWS::CE::AnomalyMonitor', { MonitorType: 'CUSTOM', MonitorSpecification: Match.stringLikeRegexp('"Key":"stage","Values":\\["prod"\\]') });
    prod.global.hasResourceProperties('AWS::CE::AnomalySubscription', {
      Frequency: 'DAILY',
      Subscribers: [{ Type: 'EMAIL', Address: 'oncall@example.com' }],
      ThresholdExpression: Match.stringLikeRegexp(`"Values":\\["${COST_ANOMALY_THRESHOLD_USD}"\\]`),
    });
  });

  it('leaves other stages without (their spend is a rounding error of production\'s)', () => {
    dev.global.resourceCountIs('AWS::Budgets::Budget', 0);
    dev.global.resourceCountIs('AWS::CE::AnomalyMonitor', 0);
  });
});

describe('logs: CloudFront, S3 and WAF log to buckets that expire them; edge logs have a retention', () => {
  it('CloudFront writes its standard logs, without cookies, to the log bucket', () => {
    dev.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: { Logging: { Bucket: Match.anyValue(), Prefix: 'cloudfront/', IncludeCookies: false } },
    });
    expect(JSON.stringify(dev.web.toJSON())).toMatch(/LogBucket[0-9A-F]{8}/);
  });

  it("the asset bucket writes its server access logs there, and the log bucket expires them (30 days, 90 on prod*)", () => {
    dev.data.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: Match.stringLikeRegexp('-assets-'),
      LoggingConfiguration: { DestinationBucketName: { Ref: Match.stringLikeRegexp('^LogBucket') }, LogFilePrefix: 's3/assets/' },
    });
    for (const [synth, days] of [[dev, 30], [prod, 90]] as const) {
      synth.data.hasResourceProperties('AWS::S3::Bucket', {
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] },
        LifecycleConfiguration: { Rules: [Match.objectLike({ ExpirationInDays: days, Status: 'Enabled' })] },
      });
    }
  });

  it("WAF's logs go to their own expiring bucket in us-east-1 (operations.test.ts has the filter and redaction)", () => {
    prod.global.hasResourceProperties('AWS::S3::Bucket', { BucketName: 'aws-waf-logs-stepcast-prod-111111111111', LifecycleConfiguration: { Rules: [Match.objectLike({ ExpirationInDays: 90 })] } });
    expect(prod.stacks.global.region).toBe('us-east-1');
  });

  it("the share page's edge replicas log with the stage's retention in every region that runs them", () => {
    dev.web.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: Match.objectLike({ 'Fn::Join': ['', ['/aws/lambda/us-east-1.', Match.anyValue()]] }), RetentionInDays: 30 });
    const retentions = Object.values(dev.web.findResources('Custom::LogRetention')).map((r) => z.object({ Properties: z.object({ LogGroupRegion: z.string(), RetentionInDays: z.number() }) }).parse(r).Properties);
    expect(retentions.map((r) => r.LogGroupRegion).sort()).toEqual(EDGE_LOG_REGIONS.filter((r) => r !== 'us-east-1').sort());
    for (const r of retentions) expect(r.RetentionInDays).toBe(30);
  });
});

describe('backups: AWS Backup keeps the table and the asset bucket, copied to a second region on production', () => {
  const Plan = z.object({
    Properties: z.object({
      BackupPlan: z.object({
        BackupPlanRule: z.array(
          z.object({
            ScheduleExpression: z.string(),
            Lifecycle: z.object({ DeleteAfterDays: z.number() }),
            CopyActions: z.array(z.object({ DestinationBackupVaultArn: z.unknown(), Lifecycle: z.object({ DeleteAfterDays: z.number() }) })).optional(),
          }),
        ),
      }),
    }),
  });
  const planOf = (synth: Synthesised) => Plan.parse(Object.values(synth.data.findResources('AWS::Backup::BackupPlan'))[0]).Properties.BackupPlan.BackupPlanRule;

  it('backs up daily, keeping 7 days outside production and 35 on it', () => {
    expect(planOf(dev).map((r) => [r.ScheduleExpression, r.Lifecycle.DeleteAfterDays])).toEqual([['cron(0 3 * * ? *)', 7]]);
    expect(planOf(prod).map((r) => [r.ScheduleExpression, r.Lifecycle.DeleteAfterDays])).toEqual([['cron(0 3 * * ? *)', 35]]);
  });

  it('copies each production backup to the vault of its own stack in a second region, and no other stage\'s', () => {
    const copies = planOf(prod)[0]!.CopyActions ?? [];
    expect(copies).toHaveLength(1);
    expect(JSON.stringify(copies[0]!.DestinationBackupVaultArn)).toContain(':backup:us-west-2:111111111111:backup-vault:stepcast-prod-copy');
    expect(copies[0]!.Lifecycle.DeleteAfterDays).toBe(35);
    expect(planOf(dev)[0]!.CopyActions ?? []).toEqual([]);
    expect(prod.stacks.backupCopy?.region).toBe('us-west-2');
    expect(dev.stacks.backupCopy).toBeUndefined();
  });

  it("selects the table and the asset bucket, with AWS Backup's own role for DynamoDB and S3", () => {
    const selection = JSON.stringify(dev.data.findResources('AWS::Backup::BackupSelection'));
    expect(selection).toMatch(/Table[0-9A-F]{8}/);
    expect(selection).toMatch(/AssetBucket[0-9A-F]{8}/);
    const role = JSON.stringify(dev.data.findResources('AWS::IAM::Role', { Properties: { AssumeRolePolicyDocument: { Statement: [Match.objectLike({ Principal: { Service: 'backup.amazonaws.com' } })] } } }));
    for (const policy of BACKUP_ROLE_POLICIES) expect(role).toContain(policy);
  });
});

describe('IAM: nothing of the product can undo a deletion, and the public events function writes only counters', () => {
  const PolicyStatement = z.object({ Effect: z.string(), Action: z.union([z.string(), z.array(z.string())]), Principal: z.unknown().optional() });
  const Document = z.object({ Statement: z.array(PolicyStatement) });
  /** Every Allow statement of every IAM policy, role and bucket policy of a stage, with where it sits. */
  const allows = (synth: Synthesised) =>
    templates(synth).flatMap(([stack, template]) =>
      Object.entries(template.toJSON()['Resources'] as Record<string, { Type: string; Properties?: Record<string, unknown> }>).flatMap(([id, resource]) => {
        const documents =
          resource.Type === 'AWS::IAM::Policy' || resource.Type === 'AWS::S3::BucketPolicy'
            ? [resource.Properties?.['PolicyDocument']]
            : resource.Type === 'AWS::IAM::Role'
              ? z.array(z.object({ PolicyDocument: z.unknown() })).default([]).parse(resource.Properties?.['Policies']).map((p) => p.PolicyDocument)
              : [];
        return documents
          .flatMap((document) => Document.parse(document).Statement)
          .filter((statement) => statement.Effect === 'Allow')
          .map((statement) => ({ where: `${stack}/${id}`, type: resource.Type, actions: [statement.Action].flat(), principal: JSON.stringify(statement.Principal ?? null) }));
      }),
    );
  const covers = (pattern: string, action: string) => new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 'i').test(action);
  const allowingVersionDeletes = (synth: Synthesised) => allows(synth).filter((s) => s.actions.some((a) => covers(a, 's3:DeleteObjectVersion')));

  it('prod: no role and no bucket policy allows s3:DeleteObjectVersion (wildcards such as s3:DeleteObject* included)', () => {
    expect(allows(prod).length).toBeGreaterThan(50);
    expect(allowingVersionDeletes(prod).map((s) => s.where)).toEqual([]);
  });

  it.each(['dev', 'staging'] as const)("%s: no role does; only the buckets' own policies let CDK's helper empty them when the stack is deleted", (stage) => {
    const found = allowingVersionDeletes(SYNTHS[stage]);
    expect(found.length).toBeGreaterThan(0);
    for (const statement of found) {
      expect(statement.type, statement.where).toBe('AWS::S3::BucketPolicy');
      expect(statement.principal, statement.where).toContain('CustomS3AutoDeleteObjectsCustomResourceProviderRole');
    }
  });

  it('events: reads the table, and writes only analytics, its rate limits and a remembered session, by UpdateItem', () => {
    const cfn = dev.stacks.api.functions['events']!.node.defaultChild;
    if (!(cfn instanceof CfnFunction)) throw new Error('no CfnFunction');
    const eventsId = Stack.of(cfn).getLogicalId(cfn);
    const fn = z.object({ Properties: z.object({ Role: LogicalRef }) }).parse(dev.api.toJSON()['Resources'][eventsId]);
    const policy = Object.values(dev.api.findResources('AWS::IAM::Policy')).find((p) => JSON.stringify(p).includes(`"${fn.Properties.Role}"`));
    const writes = z
      .object({ Properties: z.object({ PolicyDocument: z.object({ Statement: z.array(z.object({ Action: z.union([z.string(), z.array(z.string())]), Condition: z.unknown().optional() })) }) }) })
      .parse(policy)
      .Properties.PolicyDocument.Statement.filter((s) => [s.Action].flat().some((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)));
    expect(writes).toEqual([
      { Action: 'dynamodb:UpdateItem', Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['$analytics#*', '$ratelimit#events#*', '$stepcast#sessionId_*'] } } },
    ]);
  });
});
