/** A load that failed: says what could not be loaded and offers to try again (never a misleading empty state). */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="load-failed" role="alert" data-testid="load-failed">
      <p>Could not load {what}. Check your connection and try again.</p>
      <button type="button" className="btn btn--outline" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
