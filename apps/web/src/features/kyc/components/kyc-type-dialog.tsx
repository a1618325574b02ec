import { useId } from 'react';
import { Building2, Check, ChevronRight, UserRound } from 'lucide-react';
import { kycTypes, type KycType } from '@sikka/contracts';
import { Button } from '@/components/ui/button.tsx';
import { kycTypeInfo } from '@/features/kyc/lib/kyc-benefits.ts';
import { KycDialog } from './kyc-dialog.tsx';

const icons = { individual: UserRound, corporate: Building2 } as const;

export interface KycTypeDialogProps {
  open: boolean;
  onChoose(type: KycType): void;
  onCancel(): void;
}

/** Step one of the KYC flow (PRODUCT.md §2): Individual or Corporate; choosing moves on at once. */
export function KycTypeDialog({ open, onChoose, onCancel }: KycTypeDialogProps) {
  const idPrefix = useId();
  return (
    <KycDialog
      open={open}
      onClose={onCancel}
      title="Complete Your KYC"
      description="Verify your identity to deposit INR and trade. Choose the kind of account you are verifying."
    >
      <div className="grid gap-3 p-5 md:p-6">
        {kycTypes.map((type) => {
          const info = kycTypeInfo[type];
          const Icon = icons[type];
          return (
            <button
              key={type}
              type="button"
              // Named by the title alone ("Individual"); the benefits are its description.
              aria-labelledby={`${idPrefix}-${type}-title`}
              aria-describedby={`${idPrefix}-${type}-details`}
              onClick={() => onChoose(type)}
              className="group flex w-full items-start gap-4 rounded-xl border border-line bg-canvas p-4 text-left transition-colors hover:border-accent focus-visible:border-accent"
            >
              <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-accent/12 text-accent">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <span
                    id={`${idPrefix}-${type}-title`}
                    className="text-base font-semibold text-ink"
                  >
                    {info.title}
                  </span>
                  <ChevronRight
                    className="size-4 text-subtle transition-transform group-hover:translate-x-0.5 group-hover:text-accent"
                    aria-hidden="true"
                  />
                </span>
                <span id={`${idPrefix}-${type}-details`} className="block">
                  <span className="mt-0.5 block text-sm text-muted">{info.summary}</span>
                  <ul className="mt-3 space-y-1.5">
                    {info.benefits.map((benefit) => (
                      <li key={benefit} className="flex items-start gap-2 text-sm text-ink/90">
                        <Check className="mt-0.5 size-4 shrink-0 text-up" aria-hidden="true" />
                        {benefit}
                      </li>
                    ))}
                  </ul>
                </span>
              </span>
            </button>
          );
        })}
      </div>
      <div className="flex justify-end border-t border-line px-5 py-4 md:px-6">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </KycDialog>
  );
}
