import { toast } from 'sonner';

/** The static wallet forms are not wired to any call yet (PRODUCT.md §2); say so kindly. */
export function announceComingSoon(what: string): void {
  toast.info(`${what} are coming soon`, {
    description: 'This screen is a preview. No request has been sent.',
  });
}
