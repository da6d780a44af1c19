import { create } from 'zustand';

/** Five kinds, at most 20 at once, 4000 ms by default, 2000 ms for success, loading stays; one showing per kind. */
export type ToastType = 'blank' | 'error' | 'success' | 'loading' | 'custom';

export type Toast = {
  id: string;
  type: ToastType;
  message: string;
  /** Milliseconds; Infinity never expires. */
  duration: number;
  /** Bumped when a toast with the same id is shown again, which restarts its timer. */
  shownAt: number;
};

export const TOAST_LIMIT = 20;
export const TOAST_DURATION: Record<ToastType, number> = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
  custom: 4000,
};

type ToastState = {
  toasts: Toast[];
  toastShown: (toast: Toast) => void;
  toastDismissed: (id: string) => void;
};

export const useToasts = create<ToastState>()((set) => ({
  toasts: [],
  toastShown: (toast) =>
    set((s) => {
      // One toast per kind: a new one takes the place of the one showing (pressing Add five times shows one "Added To
      // Cart"), and a success clears the errors it follows, so an old failure never sits beside a newer success.
      const sameSlot = (t: Toast) => t.id === toast.id || t.type === toast.type;
      const at = s.toasts.findIndex(sameSlot);
      let toasts = at >= 0 ? s.toasts.flatMap((t, i) => (i === at ? [toast] : sameSlot(t) ? [] : [t])) : [...s.toasts, toast];
      if (toast.type === 'success') toasts = toasts.filter((t) => t.type !== 'error');
      return { toasts: toasts.slice(-TOAST_LIMIT) };
    }),
  toastDismissed: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

type ToastOptions = { id?: string; duration?: number };

let counter = 0;

function show(type: ToastType, message: string, options: ToastOptions = {}): string {
  counter += 1;
  const id = options.id ?? `toast-${counter}`;
  useToasts.getState().toastShown({
    id,
    type,
    message,
    duration: options.duration ?? TOAST_DURATION[type],
    shownAt: Date.now() + counter / 1000,
  });
  return id;
}

/** `toast('text')`, `toast.success(...)`, `toast.error(...)`: one call per kind of message. */
export const toast = Object.assign((message: string, options?: ToastOptions) => show('blank', message, options), {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  loading: (message: string, options?: ToastOptions) => show('loading', message, options),
  custom: (message: string, options?: ToastOptions) => show('custom', message, options),
  dismiss: (id: string) => useToasts.getState().toastDismissed(id),
});
