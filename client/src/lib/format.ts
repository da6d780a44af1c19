const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const timeOnly = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true });
const dateOnly = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

function valid(iso: string): Date | null {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 22 Nov 2025, 4:05 pm */
export function formatDateTime(iso: string): string {
  const d = valid(iso);
  return d ? dateTime.format(d) : '';
}

/** 4:05 pm today, otherwise the date and time. */
export function formatStepTime(iso: string, now = new Date()): string {
  const d = valid(iso);
  if (!d) return '';
  return d.toDateString() === now.toDateString() ? timeOnly.format(d) : dateTime.format(d);
}

export function formatDate(iso: string): string {
  const d = valid(iso);
  return d ? dateOnly.format(d) : '';
}

/** 4:05 pm, the clock time alone (a delivery promise is within the day). */
export function formatClockTime(iso: string): string {
  const d = valid(iso);
  return d ? timeOnly.format(d) : '';
}
