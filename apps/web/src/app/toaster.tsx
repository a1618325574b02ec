import { Toaster } from 'sonner';
import { TOAST_MS } from '@sikka/contracts';

/**
 * Toasts start this far from the top: below the sticky header (h-16, 64 px, plus its 1 px
 * border) with a gap, so they never cover the balance, the name or Sign Up.
 */
const TOAST_TOP_PX = 80;

/**
 * The app's one toast outlet. Its own chunk: see DeferredToaster in provider.tsx.
 * `expand`: toasts stack one under another instead of piling on top of each other.
 * The close button is 28×28 (sonner's is 20): at least 24×24, what a finger or a shaky hand can hit.
 */
export default function AppToaster() {
  return (
    <Toaster
      theme="dark"
      position="top-right"
      duration={TOAST_MS}
      richColors
      closeButton
      expand
      gap={10}
      offset={{ top: TOAST_TOP_PX, right: 24 }}
      mobileOffset={{ top: TOAST_TOP_PX - 4, left: 12, right: 12 }}
      toastOptions={{
        // Room on the right for the close button, drawn inside the toast rather than
        // half outside its corner (sonner's default), where it crowded the header.
        className: 'font-sans pr-12!',
        classNames: {
          closeButton:
            'size-7! left-auto! right-2.5! top-1/2! -translate-y-1/2! transform-none! border-transparent! bg-transparent! hover:bg-white/10! [&>svg]:size-3.5!',
        },
      }}
    />
  );
}
