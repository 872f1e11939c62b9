import { NotFoundScreen } from '#web/components/errors/not-found-screen';

export default function NotFoundRoute() {
  return <NotFoundScreen />;
}
