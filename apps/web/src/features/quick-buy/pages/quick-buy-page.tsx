import { useQuickTrade } from '@/features/quick-buy/hooks/use-quick-trade.ts';
import { HowItWorks } from '@/features/quick-buy/components/how-it-works.tsx';
import { InstantTradeCard } from '@/features/quick-buy/components/instant-trade-card.tsx';
import { QuickBuyFaq } from '@/features/quick-buy/components/quick-buy-faq.tsx';
import { TradeSuccessDialog } from '@/features/quick-buy/components/trade-success-dialog.tsx';

/** The public quick-buy page (PRODUCT.md §2 "Quick buy page"). */
export default function QuickBuyPage() {
  const quick = useQuickTrade();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 md:px-6 md:py-14">
      {/* DOM order intro → card → steps reads right on phones; the grid puts the card beside. */}
      <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-[minmax(0,1fr)_440px] lg:gap-x-12">
        <div className="lg:col-start-1 lg:row-start-1 lg:pt-4">
          <p className="text-sm font-semibold tracking-wider text-accent uppercase">Quick Trade</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink md:text-5xl">
            Buy and sell USDT in seconds
          </h1>
          <p className="mt-4 max-w-xl text-base text-muted md:text-lg">
            One clear rate, no order book. Pay with your INR balance and the USDT lands in your
            wallet the moment you confirm.
          </p>
        </div>
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <InstantTradeCard quick={quick} />
        </div>
        <div className="mt-4 lg:col-start-1 lg:row-start-2 lg:mt-0">
          <HowItWorks />
        </div>
      </div>
      <div className="mt-12 max-w-3xl md:mt-16">
        <QuickBuyFaq />
      </div>
      <TradeSuccessDialog trade={quick.completed} onClose={quick.closeCompleted} />
    </div>
  );
}
