/** Upload progress of the KYC documents, as a percentage bar. */
export function UploadProgressBar({ percent }: { percent: number }) {
  return (
    <div>
      <div className="mb-1.5 flex justify-between text-xs text-muted">
        <span>{percent < 100 ? 'Uploading documents…' : 'Checking documents…'}</span>
        <span className="tabular-nums" aria-hidden="true">
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-raised"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
