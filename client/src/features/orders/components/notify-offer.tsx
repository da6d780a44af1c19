import { useState } from 'react';
import { canAskForNotifications } from '../lib/status-notice';

/**
 * Offers browser notifications for order updates. Asked only when the shopper presses the button (browsers ignore
 * or penalise permission prompts nobody asked for); hidden once they have decided either way.
 */
export function NotifyOffer() {
  const [askable, setAskable] = useState(canAskForNotifications);
  if (!askable) return null;
  return (
    <p className="notify-offer">
      Get a notification when your order moves, even in another tab.{' '}
      <button
        type="button"
        className="btn btn--outline btn--small"
        onClick={() => {
          void Notification.requestPermission().finally(() => setAskable(canAskForNotifications()));
        }}
      >
        Turn on notifications
      </button>
    </p>
  );
}
