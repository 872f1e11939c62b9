import { Service } from 'electrodb';
import { tableConfig } from '../core/config';
import { dynamo } from './client';
import { ExportEntity } from './entities/export';
import { ExportSlotEntity } from './entities/export-slot';
import { DriftCheckEntity, GuideHealthEntity, SiteSessionEntity } from './entities/drift';
import { FolderEntity, FolderNameEntity } from './entities/folder';
import { DeletedSlideEntity } from './entities/deleted-slide';
import { GuideEntity, SlideEntity } from './entities/guide';
import { MemberEntity, OrganizationEntity, OrganizationSlugEntity } from './entities/organization';
import { InvitationEntity } from './entities/invitation';
import { JobEntity } from './entities/job';
import { PresenceEntity } from './entities/presence';
import { SessionEntity } from './entities/session';
import { StripeEventEntity } from './entities/stripe-event';
import { SubscriptionEntity } from './entities/subscription';
import { TranslationEntity } from './entities/translation';
import { TeamEntity, TeamMemberEntity } from './entities/team';
import { UserEmailEntity, UserEntity } from './entities/user';
import { VerificationEntity } from './entities/verification';
import { VersionEntity, VersionSlideEntity, VersionTranslationEntity } from './entities/version';
import { WorkItemEntity, WorkSlotEntity } from './entities/work-line';

function createService() {
  return new Service(
    {
      user: UserEntity,
      userEmail: UserEmailEntity,
      organization: OrganizationEntity,
      organizationSlug: OrganizationSlugEntity,
      member: MemberEntity,
      session: SessionEntity,
      guide: GuideEntity,
      slide: SlideEntity,
      deletedSlide: DeletedSlideEntity,
      version: VersionEntity,
      versionSlide: VersionSlideEntity,
      versionTranslation: VersionTranslationEntity,
      folder: FolderEntity,
      folderName: FolderNameEntity,
      verification: VerificationEntity,
      invitation: InvitationEntity,
      team: TeamEntity,
      teamMember: TeamMemberEntity,
      subscription: SubscriptionEntity,
      stripeEvent: StripeEventEntity,
      export: ExportEntity,
      exportSlot: ExportSlotEntity,
      job: JobEntity,
      driftCheck: DriftCheckEntity,
      guideHealth: GuideHealthEntity,
      siteSession: SiteSessionEntity,
      translation: TranslationEntity,
      workSlot: WorkSlotEntity,
      workItem: WorkItemEntity,
      presence: PresenceEntity,
    },
    { table: tableConfig().TABLE_NAME, client: dynamo() },
  );
}

export type Db = ReturnType<typeof createService>;
/** The entities a transaction's write callback is given. */
export type TxEntities = Parameters<Parameters<Db['transaction']['write']>[0]>[0];
let service: Db | undefined;

/** The one ElectroDB service over the one table; only domain code calls it. */
export function db(): Db {
  service ??= createService();
  return service;
}
