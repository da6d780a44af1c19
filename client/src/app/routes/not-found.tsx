import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title';

type NotFoundProps = {
  /** What was not found: "Page", "Product", "Category". */
  what?: string;
  detail?: string;
};

/** Unknown routes, product ids and categories: says so, with the ways back a shopper most likely wants. */
export function NotFound({ what = 'Page', detail = 'The link may be old, or the address mistyped.' }: NotFoundProps) {
  useDocumentTitle(`${what} not found`);
  return (
    <div className="container page empty-state not-found" data-testid="not-found">
      <h1 className="page-title">{what} not found</h1>
      <p>{detail}</p>
      <div className="route-error__actions">
        <Link to="/products" className="btn">
          Browse all products
        </Link>
        <Link to="/" className="btn btn--outline">
          Go to Home
        </Link>
      </div>
    </div>
  );
}

export function NotFoundRoute() {
  return <NotFound />;
}
