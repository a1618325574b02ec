import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { X } from 'lucide-react';

export interface KycDialogProps {
  open: boolean;
  /** Called when the user asks to close (Escape, the X, a click outside). */
  onClose(): void;
  title: string;
  description?: ReactNode;
  /** Wider for the submission form, narrow for the type choice. */
  size?: 'md' | 'lg';
  /** While an upload runs, closing is refused so the request is not orphaned. */
  busy?: boolean;
  children: ReactNode;
}

/**
 * The frame of every KYC dialog: Radix gives focus trapping, Escape, aria-modal and focus
 * return. Phones get a sheet that fills the screen; larger screens a centred card.
 */
export function KycDialog({
  open,
  onClose,
  title,
  description,
  size = 'md',
  busy = false,
  children,
}: KycDialogProps) {
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
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[94dvh] flex-col overflow-hidden border-line bg-surface shadow-2xl outline-none',
            'rounded-t-2xl border-t md:inset-x-auto md:top-1/2 md:bottom-auto md:left-1/2 md:max-h-[calc(100dvh-3rem)] md:w-[calc(100%-3rem)] md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-2xl md:border',
            size === 'lg' ? 'md:max-w-2xl' : 'md:max-w-lg',
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
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
