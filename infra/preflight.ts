import { GetAccountSettingsCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import { GetAccountCommand, GetEmailIdentityCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import { GetParameterCommand, type SSMClient } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand, type STSClient } from '@aws-sdk/client-sts';
import { DEFAULT_WORKER_MAX_CONCURRENCY, WORKERS } from '../functions/routes';
import { INVALIDATION_MAX_CONCURRENCY } from './cdk/constructs/asset-invalidation';
import { GLOBAL_REGION } from './cdk/stacks/global-stack';
import type { StepcastOptions } from './cdk/stepcast';

/**
 * What `npm run deploy` checks before it builds or deploys anything, each answered in one line:
 * credentials (and the account the stage is for), CDK's bootstrap in every region the stage uses,
 * SES (sending, its sandbox, the sender's identity), Lambda's concurrency quota, and production
 * settings still holding the examples of infra/stages.json. An error stops the deploy; a warning
 * is printed and the deploy goes on.
 */
export interface Finding {
  readonly level: 'error' | 'warning' | 'ok';
  readonly message: string;
}

/** The AWS clients the checks use, each reduced to `send` (the unit test gives doubles). */
export interface PreflightClients {
  readonly sts: Pick<STSClient, 'send'>;
  readonly ssm: (region: string) => Pick<SSMClient, 'send'>;
  readonly ses: Pick<SESv2Client, 'send'>;
  readonly lambda: Pick<LambdaClient, 'send'>;
}

/** CDK's bootstrap stack records its version here (the default qualifier); 6 is the oldest today's CLI deploys with. */
export const BOOTSTRAP_VERSION_PARAMETER = '/cdk-bootstrap/hnb659fds/version';
export const MIN_BOOTSTRAP_VERSION = 6;

/** Below this account-wide concurrency, a launch would throttle: new accounts start at 10. */
export const MIN_LAMBDA_CONCURRENCY = 100;

/** The most Lambda runs the workers take at once (their queues' maximum concurrency). */
export function workerConcurrency(): number {
  return Object.values(WORKERS).reduce((sum, spec) => sum + (spec.maxConcurrency ?? DEFAULT_WORKER_MAX_CONCURRENCY), 0) + INVALIDATION_MAX_CONCURRENCY;
}

const EXAMPLE_EMAIL = /@example\.(com|org|net)>?$|\.example>?$/i;

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : String(error);
}

/** The checks, in order; `options` is the stage as the CDK app reads it (infra/stages.json and -c). */
export async function preflight(clients: PreflightClients, options: StepcastOptions & { stage: string; isProduction: boolean; configuredAccount?: string }): Promise<Finding[]> {
  const findings: Finding[] = [];
  const region = options.env?.region ?? 'us-east-1';
  const serious = options.isProduction ? 'error' : 'warning';

  // Credentials: without them nothing else can be asked.
  let account: string;
  try {
    account = (await clients.sts.send(new GetCallerIdentityCommand({}))).Account ?? '';
  } catch (error) {
    return [{ level: 'error', message: `No usable AWS credentials (${errorName(error)}): set AWS_PROFILE (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY), or assume the deploy role.` }];
  }
  if (options.configuredAccount && options.configuredAccount !== account) {
    return [{ level: 'error', message: `Stage ${options.stage} is for account ${options.configuredAccount} (infra/stages.json), but the credentials are for ${account}: use that account's credentials, or fix "account".` }];
  }
  findings.push({ level: 'ok', message: `Credentials: account ${account}.` });

  // CDK's bootstrap, in every region the stage deploys to.
  const regions = [...new Set([region, GLOBAL_REGION, ...(options.backupCopyRegion ? [options.backupCopyRegion] : [])])];
  for (const where of regions) {
    try {
      const value = (await clients.ssm(where).send(new GetParameterCommand({ Name: BOOTSTRAP_VERSION_PARAMETER }))).Parameter?.Value;
      if (Number(value) < MIN_BOOTSTRAP_VERSION) {
        findings.push({ level: 'error', message: `CDK's bootstrap in ${where} is version ${value}, older than ${MIN_BOOTSTRAP_VERSION}: run npx cdk bootstrap aws://${account}/${where}.` });
      } else findings.push({ level: 'ok', message: `CDK bootstrap in ${where}: version ${value}.` });
    } catch (error) {
      findings.push({ level: 'error', message: `Account ${account} is not bootstrapped for CDK in ${where} (${errorName(error)}): run npx cdk bootstrap aws://${account}/${where}.` });
    }
  }

  // SES: mail for verification, invitations and password resets.
  try {
    const ses = await clients.ses.send(new GetAccountCommand({}));
    if (ses.SendingEnabled === false) findings.push({ level: 'error', message: `SES sending is paused for account ${account} in ${region}: no mail would leave (see the SES console's account dashboard).` });
    else if (!ses.ProductionAccessEnabled) {
      findings.push({ level: serious, message: `SES in ${region} is in its sandbox: mail reaches only verified addresses, so sign-ups cannot verify. Request production access (SES console, Account dashboard).` });
    } else findings.push({ level: 'ok', message: `SES in ${region}: sending, out of the sandbox.` });
  } catch (error) {
    findings.push({ level: 'error', message: `SES in ${region} could not be asked (${errorName(error)}): the deploy role needs ses:GetAccount.` });
  }
  if (!options.mailFrom) {
    findings.push({ level: serious, message: `Stage ${options.stage} has no "mailFrom": the functions send from their default sender, which SES refuses unless it is verified. Set mailFrom in infra/stages.json.` });
  } else if (options.isProduction && EXAMPLE_EMAIL.test(options.mailFrom)) {
    findings.push({ level: 'error', message: `"mailFrom" of stage ${options.stage} is still the example (${options.mailFrom}): set your verified sender in infra/stages.json.` });
  } else {
    const address = /<([^>]+)>/.exec(options.mailFrom)?.[1] ?? options.mailFrom;
    const domain = address.split('@')[1] ?? address;
    const verified = async (identity: string) => {
      try {
        return (await clients.ses.send(new GetEmailIdentityCommand({ EmailIdentity: identity }))).VerifiedForSendingStatus === true;
      } catch {
        return false;
      }
    };
    if ((await verified(address)) || (await verified(domain))) findings.push({ level: 'ok', message: `SES: ${address} may send.` });
    else findings.push({ level: 'error', message: `SES in ${region} has not verified ${address} nor ${domain}: verify one (SES console, Identities) before mail can leave.` });
  }

  // Lambda's concurrency, which every function shares.
  try {
    const limit = (await clients.lambda.send(new GetAccountSettingsCommand({}))).AccountLimit?.ConcurrentExecutions ?? 0;
    if (limit < MIN_LAMBDA_CONCURRENCY) {
      findings.push({
        level: serious,
        message: `Lambda's concurrency quota in ${region} is ${limit}: the workers alone may take ${workerConcurrency()} and the API would throttle. Request at least 1,000 (Service Quotas, "Concurrent executions").`,
      });
    } else findings.push({ level: 'ok', message: `Lambda concurrency quota in ${region}: ${limit}.` });
  } catch (error) {
    findings.push({ level: 'warning', message: `Lambda's concurrency quota in ${region} could not be read (${errorName(error)}).` });
  }

  // Production settings that are still infra/stages.json's examples.
  if (options.isProduction) {
    if (options.alarmEmail && EXAMPLE_EMAIL.test(options.alarmEmail)) {
      findings.push({ level: 'error', message: `"alarmEmail" of stage ${options.stage} is still the example (${options.alarmEmail}): alarms, budget and cost alerts would reach nobody. Set on-call's address in infra/stages.json.` });
    }
    if (options.stripePriceId?.includes('REPLACE')) {
      findings.push({ level: 'error', message: `"stripePriceId" of stage ${options.stage} is still the example: set the Pro plan's Stripe price (price_...) in infra/stages.json.` });
    }
  }
  return findings;
}
