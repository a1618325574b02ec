import { Button } from '@/components/ui/button.tsx';
import { DialogSheet, type DialogSheetProps } from '@/components/ui/dialog-sheet.tsx';

export interface AdminDialogProps extends Omit<DialogSheetProps, 'width' | 'padded'> {
  size?: 'md' | 'lg';
}

/** Back-office dialogs: narrow for a reason prompt, wide for the KYC review. */
export function AdminDialog({ size = 'md', ...props }: AdminDialogProps) {
  return <DialogSheet {...props} width={size === 'lg' ? '3xl' : 'md'} />;
}

/** A decision's button colours: green to approve, red to reject. */
export const decisionClasses = {
  approve: 'bg-up text-canvas hover:bg-up/90',
  reject: 'bg-down text-white hover:bg-down/90 disabled:hover:bg-down',
} as const;

const busyLabels = { approve: 'Approving...', reject: 'Rejecting...' } as const;

/** A decision dialog's footer: Cancel, then the decision; both wait while it is being sent. */
export function DecisionFooter({
  decision,
  label,
  busy,
  onConfirm,
  onCancel,
}: {
  decision: keyof typeof decisionClasses;
  label: string;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <>
      <Button variant="ghost" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button className={decisionClasses[decision]} onClick={onConfirm} disabled={busy}>
        {busy ? busyLabels[decision] : label}
      </Button>
    </>
  );
}
