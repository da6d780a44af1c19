import { LoadFailed } from '../../components/ui/load-failed';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../features/auth/stores/session-store';
import { checkSessionNow } from '../bootstrap';

/**
 * What a page that needs a user shows until the first "who is signed in" check answers: a spinner, or once the check
 * has gone unanswered (it is asked again in the background), that it failed and a Retry that asks now.
 */
export function SessionPending() {
  const checkFailed = useSession((s) => s.checkFailed);
  if (checkFailed) return <LoadFailed what="your account" onRetry={checkSessionNow} />;
  return <Spinner />;
}
