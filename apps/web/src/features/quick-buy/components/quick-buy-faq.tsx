import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import {
  multiplyDecimal,
  QUICK_BUY_SPREAD,
  QUICK_PRICE_TOLERANCE,
  QUICK_SELL_SPREAD,
} from '@sikka/contracts';
import { formatInr } from '@/lib/format.ts';

const tolerancePercent = `${Number(multiplyDecimal(QUICK_PRICE_TOLERANCE, '100', 2))}%`;

const faqs = [
  {
    q: 'How is the price of a quick trade decided?',
    a: `Quick trades use the live USDT/INR market price. You buy at the market price plus ${formatInr(QUICK_BUY_SPREAD)} and sell at the market price minus ${formatInr(QUICK_SELL_SPREAD)}, and the rate on the card is the rate you get. If the market moves against you by more than ${tolerancePercent} before you confirm, the trade is not made and you are asked to review the new rate.`,
  },
  {
    q: 'How quickly do I receive my USDT or rupees?',
    a: 'Instantly. When you confirm, rupees and USDT move between your balances in one step, and the trade appears in Quick History on your dashboard.',
  },
  {
    q: 'How do I add rupees to trade with?',
    a: 'Open Wallet → Deposit INR, send money by bank transfer (IMPS, NEFT or RTGS) from an account in your name and submit its UTR number. Deposits are processed within 30 minutes, and your balance updates on screen as soon as it is credited.',
  },
] as const;

/** Three common questions in a Radix accordion (keyboard and aria-expanded included). */
export function QuickBuyFaq() {
  return (
    <section aria-labelledby="quick-faq-title">
      <h2 id="quick-faq-title" className="text-xl font-bold text-ink md:text-2xl">
        Frequently Asked Questions
      </h2>
      <Accordion.Root type="single" collapsible className="mt-5 space-y-3">
        {faqs.map((item, i) => (
          <Accordion.Item
            key={item.q}
            value={`faq-${i}`}
            className="overflow-hidden rounded-2xl border border-line bg-surface/60"
          >
            <Accordion.Header>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-ink hover:text-accent">
                {item.q}
                <ChevronDown
                  className="size-5 shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180"
                  aria-hidden="true"
                />
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className="px-5 pb-4 text-sm leading-6 text-muted">
              {item.a}
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </section>
  );
}
