import { useState } from 'react';
import type { StoreTotalsDto } from '@core/contracts/http/store-replies';
import { formatRupees } from '@core/domain/money';
import { FormField } from '../../../components/ui/form-field';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { useLoader } from '../../../hooks/use-loader';
import { ApiError } from '../../../lib/api-client';
import { getStoreTotals } from '../api/admin';
import { lastSevenDays, periodQuery } from '../lib/period';
import './operator.css';

type Totals = StoreTotalsDto[];

/** The server's reason when it refused the request itself (4xx): asking again would meet the same answer. */
function refusalOf(error: unknown): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : null;
}

/** /seller/admin/totals: orders, units, gross and refunds per store for the days chosen (the last 7 by default). */
export function StoreTotals({ refreshKey }: { refreshKey: number }) {
  const [period, setPeriod] = useState(lastSevenDays);
  const [totals, setTotals] = useState<{ key: string; stores: Totals } | { key: string; refused: string } | 'failed' | null>(null);
  const query = periodQuery(period.from, period.to);
  const key = query.ok ? `${query.from}/${query.to}` : '';
  // A message about both dates, or a missing one, goes by the first left empty, otherwise by the last.
  const errorAt = query.ok ? null : (query.field ?? (period.from === '' ? 'from' : 'to'));

  const { reload } = useLoader(query.ok ? () => getStoreTotals(query.from, query.to) : null, [key, refreshKey], {
    loaded: (reply) => setTotals({ key, stores: reply.stores }),
    failed: (error) => {
      const refused = refusalOf(error);
      setTotals(refused === null ? 'failed' : { key, refused });
    },
    quiet: true,
  });

  const answer = totals !== null && totals !== 'failed' && totals.key === key ? totals : null;
  const stores = answer && 'stores' in answer ? answer.stores : null;
  const sum = (pick: (t: Totals[number]) => number) => (stores ?? []).reduce((n, t) => n + pick(t), 0);

  return (
    <section className="seller-section" aria-labelledby="totals-title">
      <h1 id="totals-title" className="page-title">
        Store Totals
      </h1>
      <div className="admin-filters">
        <FormField
          label="From"
          name="from"
          type="date"
          value={period.from}
          max={period.to || undefined}
          onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
          error={!query.ok && errorAt === 'from' ? query.message : undefined}
        />
        <FormField
          label="To (included)"
          name="to"
          type="date"
          value={period.to}
          min={period.from || undefined}
          onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
          error={!query.ok && errorAt === 'to' ? query.message : undefined}
        />
      </div>
      {!query.ok ? null : totals === 'failed' ? (
        <LoadFailed what="the totals" onRetry={reload} />
      ) : answer && 'refused' in answer ? (
        <p className="load-failed" role="alert" data-testid="totals-refused">
          {answer.refused}
        </p>
      ) : stores === null ? (
        <Spinner label="Loading totals" />
      ) : stores.length === 0 ? (
        <p className="muted">No orders in these days.</p>
      ) : (
        <div className="table-wrap">
          <table className="seller-table admin-table" data-testid="store-totals">
            <caption className="visually-hidden">
              Totals per store from {period.from} to {period.to}
            </caption>
            <thead>
              <tr>
                <th scope="col">Store</th>
                <th scope="col" className="num">
                  Orders
                </th>
                <th scope="col" className="num">
                  Units
                </th>
                <th scope="col" className="num">
                  Gross
                </th>
                <th scope="col" className="num">
                  Refunds
                </th>
              </tr>
            </thead>
            <tbody>
              {stores.map((t) => (
                <tr key={t.store.id} data-testid="store-totals-row" data-store-id={t.store.id}>
                  <th scope="row" className="admin-store__name">
                    {t.store.storeName}
                  </th>
                  <td data-label="Orders" className="num">
                    {t.orders}
                  </td>
                  <td data-label="Units" className="num">
                    {t.units}
                  </td>
                  <td data-label="Gross" className="num">
                    {formatRupees(t.gross)}
                  </td>
                  <td data-label="Refunds" className="num">
                    {formatRupees(t.refunds)}
                  </td>
                </tr>
              ))}
            </tbody>
            {stores.length > 1 ? (
              <tfoot>
                <tr>
                  <th scope="row">All stores</th>
                  <td data-label="Orders" className="num">
                    {sum((t) => t.orders)}
                  </td>
                  <td data-label="Units" className="num">
                    {sum((t) => t.units)}
                  </td>
                  <td data-label="Gross" className="num">
                    {formatRupees(sum((t) => t.gross))}
                  </td>
                  <td data-label="Refunds" className="num">
                    {formatRupees(sum((t) => t.refunds))}
                  </td>
                </tr>
              </tfoot>
            ) : null}
          </table>
        </div>
      )}
    </section>
  );
}
