import { Toaster } from 'sonner';
import { TOAST_MS } from '@sikka/contracts';

/** The app's one toast outlet. Its own chunk: see DeferredToaster in provider.tsx. */
export default function AppToaster() {
  return (
    <Toaster
      theme="dark"
      position="top-right"
      duration={TOAST_MS}
      richColors
      closeButton
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
