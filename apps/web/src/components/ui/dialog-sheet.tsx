import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { X } from 'lucide-react';

const WIDTHS = {
  md: 'md:max-w-md',
  lg: 'md:max-w-lg',
  '2xl': 'md:max-w-2xl',
  '3xl': 'md:max-w-3xl',
} as const;

export interface DialogSheetProps {
  open: boolean;
  /** Called when the user asks to close (Escape, the X, a click outside). */
  onClose(): void;
  title: string;
  description?: ReactNode;
  /** Width on larger screens; phones always get a full-width sheet. */
  width?: keyof typeof WIDTHS;
  /** While work runs (a decision being saved, an upload) the dialog cannot be dismissed. */
  busy?: boolean;
  /** Pads the body; off for content that lays out its own sections. */
  padded?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The app's dialog frame: Radix gives focus trapping, Escape, aria-modal and focus return.
 * Phones get a sheet from the bottom; larger screens a centred card.
 */
export function DialogSheet({
  open,
  onClose,
  title,
  description,
  width = 'md',
  busy = false,
  padded = true,
  children,
  footer,
}: DialogSheetProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content
          // Radix wants either a Description or an explicit "none".
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={clsx(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[94dvh] flex-col overflow-hidden rounded-t-2xl border-t border-line bg-surface shadow-2xl outline-none',
            'md:inset-x-auto md:top-1/2 md:bottom-auto md:left-1/2 md:max-h-[calc(100dvh-3rem)] md:w-[calc(100%-3rem)] md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-2xl md:border',
            WIDTHS[width],
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4 md:px-6">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-ink">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-muted">
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              disabled={busy}
              className="-mr-2 grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:bg-raised hover:text-ink disabled:opacity-50"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {/* `relative`: anything absolutely placed in the body (an sr-only label or input) stays
              in the body's scroll area; placed against the frame, it makes the overflow-hidden
              frame scrollable, and focusing it scrolls the title and the ✕ out of sight. */}
          <div className={clsx('relative min-h-0 flex-1 overflow-y-auto', padded && 'p-5 md:p-6')}>
            {children}
          </div>
          {footer ? (
            <div className="flex flex-col-reverse gap-2 border-t border-line px-5 py-4 sm:flex-row sm:justify-end md:px-6">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
