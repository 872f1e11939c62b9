import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { BackupVault } from 'aws-cdk-lib/aws-backup';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stage';

export interface BackupCopyStackProps extends StackProps {
  readonly stage: StageConfig;
}

/**
 * A production stage's second region: the AWS Backup vault the data stack's plan copies every
 * backup of the table and the asset bucket to (data-stack.ts, backupCopyVaultArn names it by
 * name, so no reference crosses regions). Retained whatever happens to the stage's stacks.
 */
export class BackupCopyStack extends Stack {
  readonly vault: BackupVault;

  constructor(scope: Construct, id: string, props: BackupCopyStackProps) {
    super(scope, id, props);
    this.vault = new BackupVault(this, 'CopyVault', {
      backupVaultName: `stepcast-${props.stage.name}-copy`,
      // The copies are the last resort: never deleted with a stack.
      removalPolicy: props.stage.removalPolicy,
    });
    new CfnOutput(this, 'CopyVaultName', { value: this.vault.backupVaultName, description: 'Copies of the backups, in this second region' });
  }
}
