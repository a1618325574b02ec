import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client.ts';
import { adminQueryRoot } from '@/features/admin/api/admin-lists.ts';

export interface AdminDecision<V> {
  /** Sends the decision (approve, verify, reject). */
  send(variables: V): Promise<unknown>;
  /** The success toast; a function when it depends on what was sent (KYC approve or reject). */
  successMessage: string | ((variables: V) => string);
  /** The error toast when the server has no message of its own. */
  failedMessage: string;
  /** After the success toast, e.g. closing the dialog. */
  onDone?(): void;
}

/**
 * An admin's decision on a request: a toast either way, and every admin list reloaded either
 * way, since after a failure the row may have changed under us.
 */
export function useAdminDecision<V>({
  send,
  successMessage,
  failedMessage,
  onDone,
}: AdminDecision<V>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (_data, variables) => {
      toast.success(
        typeof successMessage === 'function' ? successMessage(variables) : successMessage,
      );
      onDone?.();
    },
    onError: (err) => toast.error(errorMessage(err, failedMessage)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryRoot }),
  });
}
