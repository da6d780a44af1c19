import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router-dom';
import './routes.css';

const RELOADED_AT_KEY = 'freshcart-chunk-reload';
const RELOAD_GUARD_MS = 30_000;

/**
 * A route's code could not be loaded: after a deploy the open page still points at the old hashed files, which are
 * gone (Chromium: "Failed to fetch dynamically imported module", Vite: "Unable to preload CSS", Firefox and Safari
 * word it their own way). https://vite.dev/guide/build#load-error-handling
 */
const CHUNK_LOAD_FAILED = /dynamically imported module|Unable to preload|Importing a module script failed|error loading dynamically/i;

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILED.test(error.message);
}

/** Reloads once (a fresh index.html names the new files); a second failure soon after shows the message instead. */
function reloadOnce(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** In place of React Router's developer screen: a page that failed to load or render says so, with a way on. */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);

  useEffect(() => {
    if (chunk && reloadOnce()) return;
    console.error(error);
  }, [chunk, error]);

  return (
    <div className="container page empty-state route-error" role="alert">
      <h1 className="page-title">{chunk ? 'FreshCart was just updated' : 'Something went wrong'}</h1>
      <p>
        {chunk
          ? 'This page needs the latest version of the app. Reload to continue.'
          : 'This page could not be shown. Reloading usually helps; your cart is safe.'}
      </p>
      <div className="route-error__actions">
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="btn btn--outline" reloadDocument>
          Go to Home
        </Link>
      </div>
    </div>
  );
}
