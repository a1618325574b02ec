import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { COPY_CONFIRM_MS } from '@sikka/contracts';
import { copyText } from '@/lib/clipboard.ts';

/**
 * Copies `value`; the icon turns into a check for COPY_CONFIRM_MS (2 s, PRODUCT.md §9) and
 * the accessible name says "Copied" meanwhile.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function onClick() {
    try {
      await copyText(value);
    } catch {
      toast.error(`Could not copy the ${label.toLowerCase()}. Please copy it by hand.`);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
  }

  return (
    <button
      type="button"
      onClick={() => void onClick()}
      aria-label={copied ? `${label} copied` : `Copy ${label}`}
      data-copied={copied ? '' : undefined}
      className="grid size-9 shrink-0 place-items-center rounded-lg text-muted transition-colors hover:bg-raised hover:text-ink"
    >
      {copied ? (
        <Check className="size-4 text-up" aria-hidden="true" />
      ) : (
        <Copy className="size-4" aria-hidden="true" />
      )}
    </button>
  );
}
