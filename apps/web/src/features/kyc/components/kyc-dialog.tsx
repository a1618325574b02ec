import { DialogSheet, type DialogSheetProps } from '@/components/ui/dialog-sheet.tsx';

export interface KycDialogProps extends Omit<DialogSheetProps, 'width' | 'padded' | 'footer'> {
  /** Wider for the submission form, narrow for the type choice. */
  size?: 'md' | 'lg';
}

/** Every KYC dialog; its content lays out its own padded sections and actions. */
export function KycDialog({ size = 'md', ...props }: KycDialogProps) {
  return <DialogSheet {...props} width={size === 'lg' ? '2xl' : 'lg'} padded={false} />;
}
