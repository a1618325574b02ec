import { PencilLine, ShieldCheck, Wallet, type LucideIcon } from 'lucide-react';

const steps: ReadonlyArray<{ title: string; text: string; icon: LucideIcon }> = [
  {
    title: 'Connect Wallet',
    text: 'Log in to your Sikka account. Your INR balance and USDT wallet are ready to trade.',
    icon: Wallet,
  },
  {
    title: 'Enter Amount',
    text: 'Type what you want to spend or receive, or slide to use a share of your balance.',
    icon: PencilLine,
  },
  {
    title: 'Confirm Trade',
    text: 'Check the rate and confirm. Your balances update instantly, no order book needed.',
    icon: ShieldCheck,
  },
];

/** How It Works: 1. Connect Wallet, 2. Enter Amount, 3. Confirm Trade (PRODUCT.md §2). */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works-title">
      <h2 id="how-it-works-title" className="text-xl font-bold text-ink md:text-2xl">
        How It Works
      </h2>
      <ol className="mt-5 grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
        {steps.map((step, i) => (
          <li
            key={step.title}
            className="flex gap-4 rounded-2xl border border-line bg-surface/60 p-4"
          >
            <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent/12 text-accent">
              <step.icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold text-ink">
                {i + 1}. {step.title}
              </h3>
              <p className="mt-1 text-sm text-muted">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
