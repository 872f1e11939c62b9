import { NotFoundScreen } from '../../components/errors/not-found-screen';

export default function NotFoundRoute() {
  return <NotFoundScreen />;
}
