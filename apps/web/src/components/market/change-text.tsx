import { clsx } from 'clsx';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { changeColorClass, changeDirection, formatPercent } from '@/lib/format.ts';

export interface ChangeTextProps {
  value: number | null | undefined;
  /** 'pill': tinted background with an arrow (lists); 'text': coloured text (tables). */
  variant?: 'pill' | 'text';
  className?: string;
}

/** A 24 h change: '+1.23%' green, '-1.23%' red, '0.00%' grey. */
export function ChangeText({ value, variant = 'text', className }: ChangeTextProps) {
  const direction = changeDirection(value);
  if (variant === 'text') {
    return (
      <span className={clsx('font-medium tabular-nums', changeColorClass(value), className)}>
        {formatPercent(value)}
      </span>
    );
  }
  const Icon = direction === 'down' ? TrendingDown : TrendingUp;
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-sm font-semibold tabular-nums',
        changeColorClass(value),
        direction === 'up' && 'bg-up/10',
        direction === 'down' && 'bg-down/10',
        direction === 'flat' && 'bg-raised',
        className,
      )}
    >
      {direction === 'flat' ? null : <Icon className="size-3.5" aria-hidden="true" />}
      {formatPercent(value)}
    </span>
  );
}
