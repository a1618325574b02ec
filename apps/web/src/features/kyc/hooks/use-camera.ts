import { useCallback, useEffect, useRef, useState } from 'react';

/** The selfie is taken from the front camera at 720×720 (PRODUCT.md §5). */
export const SELFIE_SIZE = 720;

export type CameraState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'live'; stream: MediaStream }
  | { status: 'error'; message: string };

function cameraErrorMessage(err: unknown): string {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Camera access was blocked. Allow camera access for this site in your browser settings, then try again.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No front camera was found on this device.';
  if (name === 'NotReadableError')
    return 'The camera is being used by another app. Close it and try again.';
  return 'The camera could not be started. Please try again.';
}

/** The front camera as a live stream; every track stops when the camera is closed or the view goes. */
export function useCamera() {
  const [state, setState] = useState<CameraState>({ status: 'idle' });
  const streamRef = useRef<MediaStream | null>(null);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    setState({ status: 'idle' });
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({
        status: 'error',
        message: 'This browser cannot use the camera. Open Sikka in a current browser over https.',
      });
      return;
    }
    setState({ status: 'starting' });
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: { facingMode: 'user', width: SELFIE_SIZE, height: SELFIE_SIZE },
      });
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = stream;
      setState({ status: 'live', stream });
    } catch (err) {
      setState({ status: 'error', message: cameraErrorMessage(err) });
    }
  }, []);

  useEffect(
    () => () => {
      streamRef.current?.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  return { state, start, stop };
}

/**
 * The middle square of the current video frame, drawn onto a 720×720 canvas and saved as a
 * JPEG file named selfie.jpg (PRODUCT.md §5). Not mirrored: the preview is, the document is not.
 */
export function captureSelfie(video: HTMLVideoElement): Promise<File> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) return Promise.reject(new Error('The camera has no picture yet'));
  const side = Math.min(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = SELFIE_SIZE;
  canvas.height = SELFIE_SIZE;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('Canvas is not available'));
  context.drawImage(
    video,
    (width - side) / 2,
    (height - side) / 2,
    side,
    side,
    0,
    0,
    SELFIE_SIZE,
    SELFIE_SIZE,
  );
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (!blob) reject(new Error('The picture could not be saved'));
        else resolve(new File([blob], 'selfie.jpg', { type: 'image/jpeg' }));
      },
      'image/jpeg',
      0.92,
    );
  });
}
