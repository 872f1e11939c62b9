import { useState } from 'react';
import { Avatar } from '#web/components/ui/avatar';
import { Menu, MenuGroup, MenuItem, MenuSeparator } from '#web/components/ui/menu';
import { toast } from '#web/components/ui/toast';
import { useSignedInSession } from '#web/lib/auth';
import { useOrganizations } from '../api/list-organizations';
import { useSetActiveOrganization } from '../api/set-active-organization';
import { CreateOrganizationDialog } from './create-organization-dialog';
import './organizations.css';

const PLUS = (
  <svg viewBox="0 0 20 20">
    <path d="M10 4.5v11M4.5 10h11" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
  </svg>
);

/** Which organisation the app works in, the others to switch to, and a new one. */
export function OrganizationSwitcher() {
  const { session } = useSignedInSession();
  const { data: organizations } = useOrganizations();
  const [creating, setCreating] = useState(false);
  const setActive = useSetActiveOrganization({
    mutationConfig: { onSuccess: (organization) => void (organization && toast.success(`Switched to ${organization.name}`)) },
  });
  const active = organizations.find((organization) => organization.id === session.activeOrganizationId);
  const label = active?.name ?? 'Choose an organization';

  return (
    <>
      <Menu
        className="org-switcher__panel"
        triggerClassName="org-switcher__trigger"
        trigger={
          <>
            <Avatar name={label} shape="square" />
            <span className="org-switcher__text">
              <span className="org-switcher__eyebrow">Organization</span>{' '}
              <span className="org-switcher__name">{setActive.isPending ? 'Switching…' : label}</span>
            </span>
            <svg className="org-switcher__chevron" viewBox="0 0 16 16" aria-hidden="true">
              <path d="m5 6 3-3 3 3M5 10l3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </>
        }
      >
        <MenuGroup label="Your organizations">
          {organizations.map((organization) => (
            <MenuItem
              key={organization.id}
              checked={organization.id === active?.id}
              icon={<Avatar name={organization.name} size="sm" shape="square" />}
              onSelect={() => {
                if (organization.id !== active?.id) setActive.mutate({ organizationId: organization.id });
              }}
            >
              {organization.name}
            </MenuItem>
          ))}
        </MenuGroup>
        <MenuSeparator />
        <MenuItem icon={PLUS} onSelect={() => setCreating(true)}>
          Create organization
        </MenuItem>
      </Menu>
      <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
