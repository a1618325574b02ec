import { DialogSheet, type DialogSheetProps } from '@/components/ui/dialog-sheet.tsx';

export interface AdminDialogProps extends Omit<DialogSheetProps, 'width' | 'padded'> {
  size?: 'md' | 'lg';
}

/** Back-office dialogs: narrow for a reason prompt, wide for the KYC review. */
export function AdminDialog({ size = 'md', ...props }: AdminDialogProps) {
  return <DialogSheet {...props} width={size === 'lg' ? '3xl' : 'md'} />;
}
