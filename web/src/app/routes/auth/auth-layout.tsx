import { Outlet } from 'react-router';
import { AuthLayout } from '#web/components/layouts/auth-layout';

export default function AuthLayoutRoute() {
  return (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  );
}
