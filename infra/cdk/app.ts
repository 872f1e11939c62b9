// The CDK app: `npx cdk synth -c stage=dev`, `npx cdk deploy --all -c stage=NAME` (see README.md).
import { App } from 'aws-cdk-lib';
import { UsageError } from './errors';
import { addStepcastStacks, optionsFromContext } from './stepcast';

const app = new App();
try {
  addStepcastStacks(app, optionsFromContext(app));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`stepcast: ${error.message}`);
  process.exit(1);
}
app.synth();
