import { Avatar } from '#web/components/ui/avatar';
import { Menu, MenuItem, MenuLink, MenuSeparator } from '#web/components/ui/menu';
import { toast } from '#web/components/ui/toast';
import { paths } from '#web/config/paths';
import { useLeavePrivateArea, useSignedInSession } from '#web/lib/auth';
import { useSignOut } from '../api/sign-out';
import './account-menu.css';

const ICONS = {
  account: (
    <svg viewBox="0 0 20 20">
      <circle cx="10" cy="7" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M3.8 17c.7-3.2 3.2-5 6.2-5s5.5 1.8 6.2 5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  ),
  organization: (
    <svg viewBox="0 0 20 20">
      <rect x="3.5" y="3.5" width="13" height="13" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M7 8h6M7 12h4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  ),
  signOut: (
    <svg viewBox="0 0 20 20">
      <path d="M8 4H5.5A1.5 1.5 0 0 0 4 5.5v9A1.5 1.5 0 0 0 5.5 16H8M12 6.5 15.5 10 12 13.5M15.5 10H8" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  ),
};

/** The signed-in person and what they can do about their own account. */
export function AccountMenu() {
  const { user } = useSignedInSession();
  const leave = useLeavePrivateArea();
  const signOut = useSignOut({
    mutationConfig: {
      onSuccess: async () => {
        await leave();
        toast.success('You are signed out.');
      },
    },
  });

  return (
    <Menu
      side="top"
      className="account-menu__panel"
      triggerClassName="account-menu__trigger"
      trigger={
        <>
          <Avatar name={user.name} />
          <span className="account-menu__who">
            <span className="visually-hidden">Account menu: </span>
            <span className="account-menu__name">{user.name}</span>{' '}
            <span className="account-menu__email">{user.email}</span>
          </span>
          <svg className="account-menu__chevron" viewBox="0 0 16 16" aria-hidden="true">
            <path d="m4.5 10 3.5-3.5 3.5 3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </>
      }
    >
      <MenuLink to={paths.dashboard.account.getHref()} icon={ICONS.account}>
        Account settings
      </MenuLink>
      <MenuLink to={paths.dashboard.organization.getHref()} icon={ICONS.organization}>
        Organization settings
      </MenuLink>
      <MenuSeparator />
      <MenuItem icon={ICONS.signOut} onSelect={() => signOut.mutate()}>
        Sign out
      </MenuItem>
    </Menu>
  );
}
