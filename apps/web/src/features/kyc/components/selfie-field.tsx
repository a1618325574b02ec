import { useEffect, useId, useRef, useState } from 'react';
import { clsx } from 'clsx';
import { Camera, RefreshCw, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { captureSelfie, useCamera } from '@/features/kyc/hooks/use-camera.ts';
import { useObjectUrl } from '@/features/kyc/hooks/use-object-url.ts';
import { formatFileSize } from '@/features/kyc/lib/kyc-form.ts';

export interface SelfieFieldProps {
  file: File | null;
  error?: string;
  onChange(file: File | null): void;
}

/** The selfie, captured live from the front camera (PRODUCT.md §2, §5); no file upload. */
export function SelfieField({ file, error, onChange }: SelfieFieldProps) {
  const id = useId();
  const { state, start, stop } = useCamera();
  const video = useRef<HTMLVideoElement>(null);
  const [captureError, setCaptureError] = useState('');
  const url = useObjectUrl(file);
  const message = (state.status === 'error' ? state.message : '') || captureError || error;

  const stream = state.status === 'live' ? state.stream : null;
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);

  async function capture() {
    if (!video.current) return;
    try {
      const selfie = await captureSelfie(video.current);
      setCaptureError('');
      onChange(selfie);
      stop();
    } catch (err) {
      setCaptureError(err instanceof Error ? err.message : 'The picture could not be taken');
    }
  }

  const cameraOpen = state.status === 'live' || state.status === 'starting';

  return (
    <div role="group" aria-labelledby={`${id}-label`} data-kyc-field="selfie">
      {/* The form's section heading already says "Selfie" on screen. */}
      <p id={`${id}-label`} className="sr-only">
        Selfie
      </p>
      {cameraOpen ? (
        <div className="rounded-xl border border-line bg-canvas p-3">
          <div className="relative mx-auto aspect-square w-full max-w-72 overflow-hidden rounded-lg bg-black">
            {/* Mirrored like a mirror, so moving into the frame feels natural. */}
            <video
              ref={video}
              autoPlay
              playsInline
              muted
              aria-label="Camera preview"
              className="size-full -scale-x-100 object-cover"
            />
            {state.status === 'starting' ? (
              <p className="absolute inset-0 grid place-items-center text-sm text-muted">
                Starting camera…
              </p>
            ) : null}
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-[12%] rounded-[50%] border-2 border-dashed border-white/50"
            />
          </div>
          <p className="mt-2 text-center text-xs text-subtle">
            Face the camera in good light, without glasses or a cap.
          </p>
          <div className="mt-3 flex justify-center gap-2">
            <Button variant="ghost" size="sm" onClick={stop}>
              Cancel
            </Button>
            <Button size="sm" onClick={() => void capture()} disabled={state.status !== 'live'}>
              <Camera className="size-4" aria-hidden="true" />
              Capture
            </Button>
          </div>
        </div>
      ) : file ? (
        <div
          className={clsx(
            'flex items-center gap-3 rounded-xl border bg-canvas p-2.5',
            message ? 'border-down' : 'border-line',
          )}
        >
          {url ? (
            <img
              src={url}
              alt="Selfie preview"
              className="size-14 shrink-0 rounded-lg border border-line object-cover"
            />
          ) : (
            <span className="size-14 shrink-0 rounded-lg bg-raised" aria-hidden="true" />
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-ink">{file.name}</p>
            <p className="text-xs text-subtle">{formatFileSize(file.size)}</p>
          </div>
          <button
            type="button"
            onClick={() => void start()}
            className="grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:bg-raised hover:text-ink"
            aria-label="Retake selfie"
          >
            <RefreshCw className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => onChange(null)}
            className="grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:bg-raised hover:text-down"
            aria-label="Remove Selfie"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => void start()}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-note` : undefined}
          className={clsx(
            'flex min-h-20 w-full items-center gap-3 rounded-xl border border-dashed bg-canvas px-4 py-3 text-left transition-colors hover:border-accent',
            message ? 'border-down' : 'border-line-strong',
          )}
        >
          <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-raised text-accent">
            <Camera className="size-5" aria-hidden="true" />
          </span>
          <span className="text-sm">
            <span className="block font-medium text-ink">Take selfie</span>
            <span className="block text-xs text-subtle">
              Live photo from your front camera, 720 × 720
            </span>
          </span>
        </button>
      )}
      {message ? (
        <p id={`${id}-note`} className="mt-1.5 text-sm text-down" data-field-error="">
          {message}
        </p>
      ) : null}
    </div>
  );
}
