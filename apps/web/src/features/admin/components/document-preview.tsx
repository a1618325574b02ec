import { useState, type ReactNode } from 'react';
import { FileText, ImageOff, ExternalLink } from 'lucide-react';
import { kycDocumentPath, messages, type DocumentKind } from '@sikka/contracts';

export interface DocumentPreviewProps {
  userId: string;
  kind: DocumentKind;
  label: string;
  /** Whether the user's record has this document at all. */
  available: boolean;
}

function Placeholder({ icon: Icon, text }: { icon: typeof ImageOff; text: string }) {
  return (
    <div
      className="grid aspect-[4/3] place-items-center rounded-xl border border-dashed border-line-strong bg-canvas p-3 text-center"
      data-testid="document-placeholder"
    >
      <div>
        <Icon className="mx-auto size-6 text-subtle" aria-hidden="true" />
        <p className="mt-2 text-xs text-muted">{text}</p>
      </div>
    </div>
  );
}

/**
 * One submitted document, fetched through the private document route (owner or admin only).
 * A missing document says so; an image that fails to load shows a placeholder (PRODUCT.md §8).
 */
export function DocumentPreview({ userId, kind, label, available }: DocumentPreviewProps) {
  const [failed, setFailed] = useState(false);
  const src = kycDocumentPath(userId, kind);
  let body: ReactNode;
  if (!available) body = <Placeholder icon={FileText} text={messages.kyc.documentMissing} />;
  else if (kind === 'bankStatement')
    body = (
      <a
        href={src}
        target="_blank"
        rel="noopener noreferrer"
        className="flex aspect-[4/3] flex-col items-center justify-center gap-2 rounded-xl border border-line bg-canvas p-3 text-center text-sm font-medium text-accent hover:border-accent"
      >
        <FileText className="size-7" aria-hidden="true" />
        <span className="inline-flex items-center gap-1">
          Open bank statement (PDF)
          <ExternalLink className="size-3.5" aria-hidden="true" />
        </span>
      </a>
    );
  else if (failed) body = <Placeholder icon={ImageOff} text="Image could not be loaded" />;
  else
    body = (
      <a
        href={src}
        target="_blank"
        rel="noopener noreferrer"
        className="block overflow-hidden rounded-xl border border-line bg-canvas hover:border-accent"
        title={`Open ${label} in a new tab`}
      >
        <img
          src={src}
          alt={label}
          onError={() => setFailed(true)}
          className="aspect-[4/3] w-full object-contain"
        />
      </a>
    );
  return (
    <figure className="min-w-0" data-document={kind}>
      {body}
      <figcaption className="mt-1.5 text-xs font-medium text-muted">{label}</figcaption>
    </figure>
  );
}
