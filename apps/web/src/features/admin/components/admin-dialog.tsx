import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { X } from 'lucide-react';

export interface AdminDialogProps {
  open: boolean;
  onClose(): void;
  title: string;
  description?: ReactNode;
  size?: 'md' | 'lg';
  /** While a decision is being saved the dialog cannot be dismissed. */
  busy?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}

/** Back-office dialog frame: Radix focus trap, Escape and focus return; a sheet on phones. */
export function AdminDialog({
  open,
  onClose,
  title,
  description,
  size = 'md',
  busy = false,
  children,
  footer,
}: AdminDialogProps) {
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
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={clsx(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[94dvh] flex-col overflow-hidden rounded-t-2xl border-t border-line bg-surface shadow-2xl outline-none',
            'md:inset-x-auto md:top-1/2 md:bottom-auto md:left-1/2 md:max-h-[calc(100dvh-3rem)] md:w-[calc(100%-3rem)] md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-2xl md:border',
            size === 'lg' ? 'md:max-w-3xl' : 'md:max-w-md',
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
          <div className="min-h-0 flex-1 overflow-y-auto p-5 md:p-6">{children}</div>
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
