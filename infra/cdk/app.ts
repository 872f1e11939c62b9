// The CDK app: `npx cdk synth -c stage=dev`, `npx cdk deploy --all -c stage=NAME` (see README.md).
// `-c stage=staging,prod` synthesises several stages into one cloud assembly (the pipeline's).
import { App } from 'aws-cdk-lib';
import { UsageError } from './errors';
import { addNagChecks } from './nag';
import { addStepcastStacks, stagesFromContext } from './stepcast';

const app = new App();
try {
  for (const options of stagesFromContext(app)) addStepcastStacks(app, options);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`stepcast: ${error.message}`);
  process.exit(1);
}
// cdk-nag's AWS Solutions checks run inside synth: a finding nobody acknowledged fails it.
addNagChecks(app);
app.synth();
