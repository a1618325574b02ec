import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { FaqItem } from '@/features/static/content/faq.ts';

/** Questions as an accordion: one open at a time, keyboard operable (Radix). */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="divide-y divide-line rounded-2xl border border-line bg-surface"
    >
      {items.map((item, i) => (
        <Accordion.Item key={item.question} value={`q${i}`}>
          <Accordion.Header>
            <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-ink hover:text-accent md:px-6">
              {item.question}
              <ChevronDown
                className="size-5 shrink-0 text-subtle transition-transform duration-200 group-data-[state=open]:rotate-180"
                aria-hidden="true"
              />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 leading-7 text-muted md:px-6">
            {item.answer}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
