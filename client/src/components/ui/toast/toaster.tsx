import { useEffect } from 'react';
import { useToasts, type Toast } from './toast-store';
import './toaster.css';

const ICON: Record<Toast['type'], string> = { blank: '', error: '!', success: '✓', loading: '', custom: '' };

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useToasts((s) => s.toastDismissed);
  useEffect(() => {
    if (!Number.isFinite(toast.duration)) return;
    const timer = setTimeout(() => dismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration, toast.shownAt, dismiss]);

  return (
    <div
      className={`toast toast--${toast.type}`}
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      data-toast-type={toast.type}
    >
      {toast.type === 'loading' ? <span className="toast__spinner" aria-hidden="true" /> : null}
      {ICON[toast.type] ? (
        <span className="toast__icon" aria-hidden="true">
          {ICON[toast.type]}
        </span>
      ) : null}
      <span className="toast__message">{toast.message}</span>
      <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={() => dismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}

export function Toaster() {
  const toasts = useToasts((s) => s.toasts);
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}
