import { useState } from 'react';
import type { FullOrganizationDto } from '#shared/organization';
import { Button } from '#web/components/ui/button';
import { useSignedInSession } from '#web/lib/auth';
import { useActiveMemberRole } from '../api/get-active-member-role';
import { useActiveOrganization } from '../api/get-active-organization';
import { organizationAbilities } from '../utils/roles';
import { BrandSection } from './brand-section';
import { CreateOrganizationDialog } from './create-organization-dialog';
import { GeneralSection } from './general-section';
import { InvitationsSection } from './invitations-section';
import { DangerSection } from './leave-delete-sections';
import { MembersSection } from './members-section';
import { TeamsSection } from './teams-section';
import './organizations.css';

function NoActiveOrganization() {
  const [creating, setCreating] = useState(false);
  return (
    <div className="settings-card empty-organization">
      <h2 className="subheading">You are not in an organization</h2>
      <p className="empty-note">Create one to start sharing guides with your team, or ask a teammate to invite you.</p>
      <Button onClick={() => setCreating(true)}>Create organization</Button>
      <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

function ActiveOrganizationSettings({ organization }: { organization: FullOrganizationDto }) {
  const { user } = useSignedInSession();
  const {
    data: { role },
  } = useActiveMemberRole();
  // Which controls show is decided by the shared permissions table; the API checks every call again.
  const abilities = organizationAbilities(role);

  return (
    <div className="settings-stack">
      <GeneralSection key={organization.id} organization={organization} abilities={abilities} />
      <BrandSection key={`brand-${organization.id}`} abilities={abilities} />
      <MembersSection organization={organization} role={role} userId={user.id} />
      <InvitationsSection organization={organization} role={role} abilities={abilities} />
      <TeamsSection organization={organization} abilities={abilities} />
      <DangerSection organization={organization} abilities={abilities} />
    </div>
  );
}

/** The active organisation's settings, each control shown only when the member's role allows it. */
export function OrganizationSettings() {
  const { data: organization } = useActiveOrganization();
  return organization ? <ActiveOrganizationSettings organization={organization} /> : <NoActiveOrganization />;
}

/** The name of the active organisation, for the page's heading. */
export function useActiveOrganizationName(): string | undefined {
  return useActiveOrganization().data?.name;
}
