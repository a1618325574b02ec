import { useId } from 'react';
import { clsx } from 'clsx';
import { Search, X } from 'lucide-react';

/** Height and type size by where the box stands: a side panel, a card header, a page's filters. */
const sizes = {
  sm: 'h-9 text-sm',
  md: 'h-10 text-sm',
  lg: 'h-11 text-[15px] hover:border-line-strong',
} as const;

export interface SearchFieldProps {
  /** Read by screen readers (the label is visually hidden; the placeholder says it on screen). */
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder: string;
  size?: keyof typeof sizes;
  /** A button that empties the box (the browser's own clear button ignores the theme). */
  clearable?: boolean;
  maxLength?: number;
  spellCheck?: boolean;
  id?: string;
  /** Classes of the box's wrapper (its width in the row). */
  className?: string;
}

/** The one search box: magnifier inside on the left, hidden label, optional clear button. */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  size = 'md',
  clearable = false,
  maxLength,
  spellCheck,
  id,
  className,
}: SearchFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <Search
          className={clsx(
            'pointer-events-none absolute top-1/2 size-4 -translate-y-1/2 text-subtle',
            clearable ? 'left-3.5' : 'left-3',
          )}
          aria-hidden="true"
        />
        <input
          id={inputId}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          maxLength={maxLength}
          spellCheck={spellCheck}
          autoComplete="off"
          className={clsx(
            'w-full rounded-lg border border-line bg-canvas text-ink outline-none placeholder:text-subtle focus:border-accent focus:ring-2 focus:ring-accent/30',
            sizes[size],
            clearable
              ? 'pr-10 pl-10 [&::-webkit-search-cancel-button]:appearance-none'
              : 'pr-3 pl-9',
          )}
        />
        {clearable && value ? (
          <button
            type="button"
            onClick={() => onChange('')}
            className="absolute top-1/2 right-1.5 grid size-8 -translate-y-1/2 place-items-center rounded-md text-muted hover:bg-raised hover:text-ink"
            aria-label="Clear search"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
    </div>
  );
}
