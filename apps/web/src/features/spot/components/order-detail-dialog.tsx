import type { ReactNode } from 'react';
import { compareDecimal, type SpotOrder } from '@sikka/contracts';
import { DialogSheet } from '@/components/ui/dialog-sheet.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatInr } from '@/lib/format.ts';
import { useSpotOrder } from '@/features/spot/api/get-spot-order.ts';
import { baseOf, cancelReasonText, formatCoins } from '@/features/spot/lib/order-text.ts';
import {
  amountText,
  filledText,
  marketText,
  OrderStatus,
  priceText,
  SideLabel,
} from './order-cells.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-subtle">{label}</dt>
      <dd className="text-right text-ink tabular-nums">{children}</dd>
    </>
  );
}

/** One order's figures and its fills (GET /api/spot/orders/:id), from the history's row. */
export function OrderDetailDialog({
  order,
  onClose,
}: {
  order: SpotOrder | null;
  onClose(): void;
}) {
  const detail = useSpotOrder(order?.id ?? null);
  const o = detail.data?.order ?? order;
  const fills = detail.data?.fills ?? [];
  const sell = o?.side === 'sell';
  return (
    <DialogSheet
      open={order !== null}
      onClose={onClose}
      title="Order details"
      description={
        o ? `${marketText(o)} · ${o.type === 'limit' ? 'Limit' : 'Market'} order` : undefined
      }
      width="lg"
    >
      {o ? (
        <div className="space-y-5">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
            <Row label="Side">
              <SideLabel side={o.side} />
            </Row>
            <Row label="Status">
              <OrderStatus order={o} />
            </Row>
            {o.cancelReason ? <Row label="Why">{cancelReasonText[o.cancelReason]}</Row> : null}
            <Row label="Price">{priceText(o)}</Row>
            <Row label="Amount">{amountText(o)}</Row>
            <Row label="Filled">{filledText(o)}</Row>
            <Row label="Average price">{o.averagePrice ? formatInr(o.averagePrice) : '—'}</Row>
            <Row label={sell ? 'INR received' : 'INR paid'}>{formatInr(o.inrTotal)}</Row>
            <Row label="Fee">{formatInr(o.fee)}</Row>
            {compareDecimal(o.tds, '0') > 0 ? (
              <Row label="TDS (194S)">{formatInr(o.tds)}</Row>
            ) : null}
            <Row label="Time in force">
              {o.timeInForce}
              {o.postOnly ? ' · post-only' : ''}
            </Row>
            <Row label="Placed">{formatDateTime(o.createdAt, { seconds: true })}</Row>
            <Row label="Order ID">
              <span className="font-mono text-xs break-all">{o.id}</span>
            </Row>
          </dl>

          <section aria-labelledby="fills-heading">
            <h3 id="fills-heading" className="mb-2 text-sm font-semibold text-ink">
              Fills
            </h3>
            {detail.isPending ? (
              <div
                role="status"
                aria-label="Loading fills"
                className="h-16 animate-shimmer rounded-lg bg-raised"
              />
            ) : detail.isError ? (
              <p role="alert" className="text-sm text-down">
                {errorMessage(detail.error, 'The fills could not be loaded.')}
              </p>
            ) : fills.length === 0 ? (
              <p className="text-sm text-muted">No fills: nothing of this order has traded.</p>
            ) : (
              <ul aria-label="Fills" className="divide-y divide-line rounded-lg border border-line">
                {fills.map((f) => (
                  <li key={f.id} className="px-3 py-2.5 text-sm" data-testid="spot-fill-row">
                    <div className="flex items-center justify-between gap-3 text-xs">
                      <span className="text-muted">
                        {formatDateTime(f.createdAt, { seconds: true })}
                      </span>
                      <span className="rounded-full bg-raised px-2 py-0.5 font-semibold text-muted">
                        {f.liquidity === 'maker' ? 'Maker' : 'Taker'}
                      </span>
                    </div>
                    <dl className="mt-1.5 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
                      <div>
                        <dt className="text-xs text-subtle">Price</dt>
                        <dd className="text-ink tabular-nums">{formatInr(f.price)}</dd>
                      </div>
                      <div>
                        <dt className="text-xs text-subtle">Amount</dt>
                        <dd className="text-ink tabular-nums">
                          {formatCoins(f.quantity, baseOf(o.market))}
                        </dd>
                      </div>
                      <div>
                        <dt className="text-xs text-subtle">Value</dt>
                        <dd className="text-ink tabular-nums">{formatInr(f.value)}</dd>
                      </div>
                      <div>
                        <dt className="text-xs text-subtle">
                          Fee{compareDecimal(f.tds, '0') > 0 ? ' · TDS' : ''}
                        </dt>
                        <dd className="text-muted tabular-nums">
                          {formatInr(f.fee)}
                          {compareDecimal(f.tds, '0') > 0 ? ` · ${formatInr(f.tds)}` : ''}
                        </dd>
                      </div>
                    </dl>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      ) : null}
    </DialogSheet>
  );
}
