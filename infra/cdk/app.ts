// The CDK app: `npx cdk synth -c stage=dev`, `npx cdk deploy -c stage=NAME --all` (see README.md).
import { App } from 'aws-cdk-lib';
import { addStepcastStacks, optionsFromContext } from './stepcast';

const app = new App();
addStepcastStacks(app, optionsFromContext(app));
app.synth();
