import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { DialogSheet } from '@/components/ui/dialog-sheet.tsx';

/** "Are you sure?" before a change that cannot be undone from this page. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <DialogSheet
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onConfirm}>{confirmLabel}</Button>
        </>
      }
    >
      <div className="text-sm text-muted">{children}</div>
    </DialogSheet>
  );
}
