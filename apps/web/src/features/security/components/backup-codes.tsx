import { useState } from 'react';
import { Copy, Download, TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { copyText, downloadText } from '@/lib/clipboard.ts';
import { backupCodesFileName, backupCodesFileText } from '@/features/security/lib/security-text.ts';

/** The new backup codes, shown this once, to copy or download before they are hidden. */
export function BackupCodes({
  codes,
  email,
  onDone,
}: {
  codes: readonly string[];
  email: string;
  onDone(): void;
}) {
  const [made] = useState(() => new Date());
  const [status, setStatus] = useState('');
  const text = backupCodesFileText(codes, email, made);

  async function onCopy() {
    try {
      await copyText(codes.join('\n'));
    } catch {
      toast.error('Could not copy the codes. Please download them or copy them by hand.');
      return;
    }
    setStatus('Backup codes copied');
    toast.success('Backup codes copied');
  }

  return (
    <div className="space-y-4" data-testid="backup-codes">
      <p
        role="note"
        className="flex gap-2 rounded-lg border border-accent/25 bg-accent/[0.06] p-3 text-sm text-muted"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
        <span>
          Save these backup codes now: they are shown only once. Each one signs you in once if you
          lose your phone.
        </span>
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded-lg border border-line bg-canvas p-3 font-mono text-sm text-ink"
      >
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wide">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void onCopy()}>
          <Copy className="size-4" aria-hidden="true" />
          Copy
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            downloadText(text, backupCodesFileName(made));
            setStatus('Backup codes downloaded');
          }}
        >
          <Download className="size-4" aria-hidden="true" />
          Download (.txt)
        </Button>
        <Button size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
