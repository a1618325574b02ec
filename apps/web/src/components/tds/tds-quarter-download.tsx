import { useState } from 'react';
import { clsx } from 'clsx';
import { Download } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { lastTdsQuarters } from '@/lib/tds-quarters.ts';

export interface TdsQuarterDownloadProps {
  /** The CSV's address for a quarter ('2026-Q3'): the user's own or every user's. */
  href(quarter: string): string;
  /** The link's words, e.g. 'Download TDS statement'. */
  label: string;
  /** Keeps 'Quarter' for screen readers only, where a heading already says what it is for. */
  hideQuarterLabel?: boolean;
  className?: string;
  selectClassName?: string;
}

/** One of the last four IST calendar quarters, and a plain link to its TDS (194S) CSV. */
export function TdsQuarterDownload({
  href,
  label,
  hideQuarterLabel,
  className,
  selectClassName,
}: TdsQuarterDownloadProps) {
  const quarters = lastTdsQuarters(4);
  const [quarter, setQuarter] = useState(quarters[0]?.value ?? '');
  return (
    <div className={clsx(className, 'flex flex-col gap-3 sm:flex-row sm:items-end')}>
      <SelectField
        label="Quarter"
        hideLabel={hideQuarterLabel}
        options={quarters}
        value={quarter}
        onChange={(e) => setQuarter(e.target.value)}
        className={selectClassName}
      />
      <a href={href(quarter)} download className={buttonClasses('outline', 'md', 'h-11 gap-2')}>
        <Download className="size-4" aria-hidden="true" />
        {label}
      </a>
    </div>
  );
}
