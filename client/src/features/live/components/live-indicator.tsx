import { useLiveConnection } from '../stores/live-connection-store';
import './live-indicator.css';

/** Present in the page at all times for tests (data-state); visible only while live updates are offline. */
export function LiveIndicator() {
  const status = useLiveConnection((s) => s.status);
  const offline = status === 'offline';
  return (
    <div className="live-indicator" data-testid="live-indicator" data-state={status} hidden={!offline} role="status">
      <span className="live-indicator__dot" aria-hidden="true" />
      Live updates offline. Reconnecting…
    </div>
  );
}
