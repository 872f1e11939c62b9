import { NotFoundScreen } from '../../components/errors/error-screen';

export default function NotFoundRoute() {
  return <NotFoundScreen />;
}
