import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LOADER_REDIRECT_MS } from '../../config/constants';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Only a same-site path: "my-orders" → /my-orders; anything odd → /. */
function safeNext(next: string | null): string {
  const path = (next ?? '').replace(/^\/+/, '');
  return /^[a-z0-9\-/]*$/i.test(path) ? `/${path}` : '/';
}

/** /loader?next=…: a spinner, then /{next} after 5000 ms. */
export function LoaderRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = params.get('next');
  useDocumentTitle('Please wait');

  useEffect(() => {
    const timer = setTimeout(() => navigate(safeNext(next), { replace: true }), LOADER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [next, navigate]);

  return <Spinner label="Please wait" />;
}
