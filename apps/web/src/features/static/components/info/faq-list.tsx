import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { FaqItem } from '@/features/static/content/faq.ts';

/** The item a `#<id>` address names, if it is one of these. */
function itemOfHash(items: readonly FaqItem[], hash: string): string {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return items.some((item) => item.id === id) ? id : '';
}

/**
 * Questions as an accordion: one open at a time, keyboard operable (Radix). An address with
 * `#<id>` (support's popular topics link so) opens that answer and brings it into view.
 */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  const { hash } = useLocation();
  const [open, setOpen] = useState(() => itemOfHash(items, hash));
  useEffect(() => {
    const id = itemOfHash(items, hash);
    if (!id) return;
    setOpen(id);
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [items, hash]);

  return (
    <Accordion.Root
      type="single"
      collapsible
      value={open}
      onValueChange={setOpen}
      className="divide-y divide-line rounded-2xl border border-line bg-surface"
    >
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id} id={item.id} className="scroll-mt-24">
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
