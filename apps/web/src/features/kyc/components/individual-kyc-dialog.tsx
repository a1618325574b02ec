import { useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { kycRequiredOrder, messages } from '@sikka/contracts';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { submitKyc } from '@/features/kyc/api/submit-kyc.ts';
import {
  formatErrors,
  INITIAL_INDIVIDUAL_KYC,
  pickKycFieldErrors,
  toKycFormData,
  validateIndividualKyc,
  type BankDetails,
  type IndividualKyc,
  type KycErrors,
} from '@/features/kyc/lib/kyc-form.ts';
import { KycDialog } from './kyc-dialog.tsx';
import { KycErrorSummary } from './kyc-error-summary.tsx';
import { KycFileField } from './kyc-file-field.tsx';
import { SelfieField } from './selfie-field.tsx';
import { UploadProgressBar } from './upload-progress-bar.tsx';

/** Not a spec message: the spec names no success text for a KYC submission. */
const SUBMITTED_TOAST = 'KYC submitted successfully. We will review your documents shortly.';

type FileField = 'aadharFront' | 'aadharBack' | 'panFront' | 'bankStatement' | 'selfie';
type TextItem = 'aadharNumber' | 'panNumber' | keyof BankDetails;

export interface IndividualKycDialogProps {
  open: boolean;
  onCancel(): void;
  onSubmitted(): void;
}

/** The individual KYC form (PRODUCT.md §3, §5): Aadhaar, PAN, bank details and statement, selfie. */
export function IndividualKycDialog({ open, onCancel, onSubmitted }: IndividualKycDialogProps) {
  const { setUser } = useAuth();
  const [state, setState] = useState<IndividualKyc>(INITIAL_INDIVIDUAL_KYC);
  const [errors, setErrors] = useState<KycErrors>({});
  /** A failure that belongs to no single item (network, conflict, corporate refused). */
  const [formError, setFormError] = useState('');
  const [showSummary, setShowSummary] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const uploading = progress !== null;

  /** Messages of one item as things stand: all of them once submit was tried, else formats only. */
  const currentErrors = (next: IndividualKyc) =>
    showSummary ? validateIndividualKyc(next) : formatErrors(next);

  function setText(field: TextItem, value: string) {
    const next: IndividualKyc =
      field === 'aadharNumber' || field === 'panNumber'
        ? { ...state, [field]: value }
        : { ...state, bankDetails: { ...state.bankDetails, [field]: value } };
    setState(next);
    // A shown message goes as soon as the value is fixed; a new one waits for blur or submit.
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: currentErrors(next)[field] }));
  }

  function checkFormat(field: TextItem) {
    setErrors((prev) => ({ ...prev, [field]: currentErrors(state)[field] }));
  }

  function setFile(field: FileField, file: File | null) {
    setState((prev) => ({ ...prev, [field]: file }));
    setErrors((prev) => ({
      ...prev,
      [field]: file ? undefined : showSummary ? messages.kyc.required[field] : undefined,
    }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (uploading) return;
    const found = validateIndividualKyc(state);
    setErrors(found);
    setFormError('');
    setShowSummary(true);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setProgress(0);
    try {
      const { user } = await submitKyc(toKycFormData(state), ({ loaded, total }) => {
        if (total > 0) setProgress(Math.min(100, Math.round((loaded / total) * 100)));
      });
      setUser(user);
      toast.success(SUBMITTED_TOAST);
      onSubmitted();
    } catch (err) {
      setProgress(null);
      const fieldErrors = err instanceof ApiError ? pickKycFieldErrors(err.fields) : {};
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        // Items the form does not show (e.g. the type) still get their line.
        const other =
          err instanceof ApiError
            ? Object.entries(err.fields)
                .filter(([key]) => !(kycRequiredOrder as readonly string[]).includes(key))
                .map(([, message]) => message)
            : [];
        setFormError(other.join('\n'));
      } else {
        const message = errorMessage(err, messages.kyc.failed);
        setFormError(message);
        toast.error(message);
      }
      requestAnimationFrame(() => summaryRef.current?.focus());
    }
  }

  const summary = showSummary
    ? [
        ...(formError ? formError.split('\n') : []),
        ...kycRequiredOrder.flatMap((field) => (errors[field] ? [errors[field]] : [])),
      ]
    : [];

  const textProps = (field: TextItem) => ({
    name: field,
    value:
      field === 'aadharNumber' || field === 'panNumber' ? state[field] : state.bankDetails[field],
    error: errors[field],
    disabled: uploading,
    onChange: (e: ChangeEvent<HTMLInputElement>) => setText(field, e.target.value),
    onBlur: () => checkFormat(field),
  });

  const fileProps = (field: FileField) => ({
    file: state[field],
    error: errors[field],
    onChange: (file: File | null) => setFile(field, file),
  });

  return (
    <KycDialog
      open={open}
      onClose={onCancel}
      busy={uploading}
      size="lg"
      title="Individual KYC"
      description="Your documents are stored privately and seen only by our verification team."
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Individual KYC">
        <div className="space-y-6 p-5 md:p-6">
          <KycErrorSummary ref={summaryRef} lines={summary} />

          <Section title="Aadhaar card">
            <TextField
              label="Aadhar Number"
              inputMode="numeric"
              autoComplete="off"
              placeholder="XXXX XXXX XXXX"
              maxLength={14}
              hint="12 digits, as printed on your Aadhaar card"
              {...textProps('aadharNumber')}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <KycFileField
                kind="aadharFront"
                label="Aadhar front image"
                hint="JPEG, PNG or WebP, up to 5 MB"
                {...fileProps('aadharFront')}
              />
              <KycFileField
                kind="aadharBack"
                label="Aadhar back image"
                hint="JPEG, PNG or WebP, up to 5 MB"
                {...fileProps('aadharBack')}
              />
            </div>
          </Section>

          <Section title="PAN card">
            <TextField
              label="PAN Number"
              autoComplete="off"
              autoCapitalize="characters"
              placeholder="ABCPE1234F"
              maxLength={10}
              hint="10 characters, like ABCPE1234F"
              className="[&_input]:uppercase"
              {...textProps('panNumber')}
            />
            <KycFileField
              kind="panFront"
              label="PAN card image"
              hint="JPEG, PNG or WebP, up to 5 MB"
              {...fileProps('panFront')}
            />
          </Section>

          <Section title="Bank account">
            <TextField
              label="Bank Account Number"
              inputMode="numeric"
              autoComplete="off"
              placeholder="9 to 18 digits"
              maxLength={22}
              {...textProps('accountNumber')}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="IFSC Code"
                autoComplete="off"
                autoCapitalize="characters"
                placeholder="SBIN0001234"
                maxLength={11}
                hint="11 characters, like SBIN0001234"
                className="[&_input]:uppercase"
                {...textProps('ifscCode')}
              />
              <TextField
                label="Bank Name"
                autoComplete="off"
                placeholder="State Bank of India"
                maxLength={100}
                {...textProps('bankName')}
              />
            </div>
            <KycFileField
              kind="bankStatement"
              label="Bank statement"
              hint="Last 6 months, PDF up to 10 MB"
              {...fileProps('bankStatement')}
            />
          </Section>

          <Section title="Selfie">
            <SelfieField {...fileProps('selfie')} />
          </Section>
        </div>

        <div className="sticky bottom-0 space-y-3 border-t border-line bg-surface px-5 py-4 md:px-6">
          {progress !== null ? <UploadProgressBar percent={progress} /> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={onCancel} disabled={uploading}>
              Cancel
            </Button>
            <Button type="submit" disabled={uploading}>
              {uploading ? 'Submitting...' : 'Submit KYC'}
            </Button>
          </div>
        </div>
      </form>
    </KycDialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-xs font-semibold tracking-wider text-subtle uppercase">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}
