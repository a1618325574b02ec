import { useParams } from 'react-router';
import type { Trade } from '@sikka/contracts';
import { formatInr, formatUsdt, formatUsdtRecord } from '@/lib/format.ts';
import { formatDateTime } from '@/lib/format-date.ts';
import {
  Detail,
  isRecordId,
  RecordCard,
  RecordDetailPage,
} from '@/components/records/record-detail.tsx';
import { useTrade } from '@/features/dashboard/api/get-trade.ts';

function TradeCard({ trade }: { trade: Trade }) {
  const sell = trade.type === 'sell';
  return (
    <RecordCard
      eyebrow="Quick trade"
      title={`${sell ? 'Sell' : 'Buy'} ${formatUsdt(trade.amount)}`}
      subtitle={`at ${formatInr(trade.price)} per USDT`}
      status={trade.status}
    >
      <Detail label="Date & time">{formatDateTime(trade.createdAt)}</Detail>
      <Detail label="Side" tone={sell ? 'down' : 'up'}>
        {sell ? 'Sell' : 'Buy'}
      </Detail>
      <Detail label="Amount">{formatUsdtRecord(trade.amount)}</Detail>
      <Detail label="Price">{formatInr(trade.price)} per USDT</Detail>
      {sell ? (
        <>
          <Detail label="Total">{formatInr(trade.total)}</Detail>
          {/* Section 194S: withheld from the sell's total; the rest reached the balance. */}
          <Detail label="TDS withheld (194S)">{formatInr(trade.tds)}</Detail>
          <Detail label="Net received">{formatInr(trade.net)}</Detail>
        </>
      ) : (
        <Detail label="Total paid">{formatInr(trade.total)}</Detail>
      )}
      <Detail label="Trade ID" mono>
        {trade.id}
      </Detail>
    </RecordCard>
  );
}

/** One quick trade, as the account statement links to it (/dashboard/orders/trades/:id). */
export default function TradeDetailPage() {
  const { id } = useParams();
  const trade = useTrade(id ?? '', { enabled: isRecordId(id) });
  return (
    <RecordDetailPage kind="trade" id={id} query={trade}>
      {(data) => <TradeCard trade={data.trade} />}
    </RecordDetailPage>
  );
}
