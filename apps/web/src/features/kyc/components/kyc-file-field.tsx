import { useId, useRef, useState } from 'react';
import { clsx } from 'clsx';
import { FileText, ImageUp, Trash2 } from 'lucide-react';
import { messages, type DocumentKind } from '@sikka/contracts';
import { useObjectUrl } from '@/features/kyc/hooks/use-object-url.ts';
import { fileProblem, formatFileSize } from '@/features/kyc/lib/kyc-form.ts';
import { fileContentProblem } from '@/features/kyc/lib/file-signature.ts';

export interface KycFileFieldProps {
  kind: Exclude<DocumentKind, 'selfie'>;
  label: string;
  hint: string;
  file: File | null;
  error?: string;
  onChange(file: File | null): void;
}

const ACCEPT_IMAGE = 'image/jpeg,image/png,image/webp';
const ACCEPT_PDF = 'application/pdf,.pdf';

/**
 * One document slot: a picker while empty, a removable preview once filled (an image
 * thumbnail, or the PDF's name and size). A file of the wrong kind never enters the form.
 */
export function KycFileField({ kind, label, hint, file, error, onChange }: KycFileFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const input = useRef<HTMLInputElement>(null);
  const [pickError, setPickError] = useState('');
  // The latest pick: a slow read of an earlier file must not overwrite a later choice.
  const pickCount = useRef(0);
  const isPdf = kind === 'bankStatement';
  const url = useObjectUrl(isPdf ? null : file);
  const message = pickError || error;

  async function pick(picked: File | undefined) {
    // The same file can be picked again after a removal only if the input is emptied.
    if (input.current) input.current.value = '';
    if (!picked) return;
    const count = ++pickCount.current;
    // Name and size first, then the first bytes: a renamed file never enters the form, so
    // no broken thumbnail, and the reason shows next to the field before any upload.
    let problem = fileProblem(kind, picked);
    if (!problem) {
      try {
        problem = await fileContentProblem(kind, picked);
      } catch {
        problem = messages.kyc.fileUnreadable;
      }
    }
    if (count !== pickCount.current) return;
    setPickError(problem);
    if (!problem) onChange(picked);
  }

  return (
    <div role="group" aria-labelledby={`${id}-label`} data-kyc-field={kind}>
      <p id={`${id}-label`} className="mb-1.5 text-sm font-medium text-ink">
        {label}
      </p>
      {file ? (
        <div
          className={clsx(
            'flex items-center gap-3 rounded-xl border bg-canvas p-2.5',
            message ? 'border-down' : 'border-line',
          )}
        >
          {isPdf ? (
            <span className="grid size-14 shrink-0 place-items-center rounded-lg bg-down/10 text-down">
              <FileText className="size-6" aria-hidden="true" />
            </span>
          ) : url ? (
            <img
              src={url}
              alt={`${label} preview`}
              className="size-14 shrink-0 rounded-lg border border-line object-cover"
            />
          ) : (
            <span className="size-14 shrink-0 rounded-lg bg-raised" aria-hidden="true" />
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-ink" title={file.name}>
              {file.name}
            </p>
            <p className="text-xs text-subtle">{formatFileSize(file.size)}</p>
          </div>
          <button
            type="button"
            onClick={() => {
              setPickError('');
              onChange(null);
            }}
            className="grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:bg-raised hover:text-down"
            aria-label={`Remove ${label}`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
      ) : (
        // `relative`: the hidden input (sr-only is position:absolute) is placed and scrolled to
        // here, not at the dialog's fixed frame, which focusing it would scroll out of place.
        <label
          htmlFor={id}
          className={clsx(
            'relative flex min-h-20 cursor-pointer items-center gap-3 rounded-xl border border-dashed bg-canvas px-4 py-3 transition-colors',
            'hover:border-accent has-[:focus-visible]:border-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent/30',
            message ? 'border-down' : 'border-line-strong',
          )}
        >
          <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-raised text-accent">
            {isPdf ? (
              <FileText className="size-5" aria-hidden="true" />
            ) : (
              <ImageUp className="size-5" aria-hidden="true" />
            )}
          </span>
          <span className="min-w-0 text-sm">
            <span className="block font-medium text-ink">
              Choose {isPdf ? 'PDF' : 'image'}
              <span className="sr-only"> for {label}</span>
            </span>
            <span className="block text-xs text-subtle">{hint}</span>
          </span>
          <input
            ref={input}
            id={id}
            name={kind}
            type="file"
            accept={isPdf ? ACCEPT_PDF : ACCEPT_IMAGE}
            className="sr-only"
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? noteId : undefined}
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </label>
      )}
      {message ? (
        <p id={noteId} className="mt-1.5 text-sm text-down" data-field-error="">
          {message}
        </p>
      ) : null}
    </div>
  );
}
