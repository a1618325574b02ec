import { toast } from 'sonner';
import { FlaskConical } from 'lucide-react';
import { FAUCET_LIMITS, type ChainAsset } from '@sikka/contracts';
import { errorMessage } from '@/lib/api-client.ts';
import { Button } from '@/components/ui/button.tsx';
import { useRequestFaucet } from '@/features/wallet/api/request-faucet.ts';
import { shortHex } from '@/features/wallet/lib/crypto-withdraw.ts';
import { Panel } from './wallet-frame.tsx';

/**
 * The local dev chain's faucet (shown only when the server says it has one): test coins sent
 * on chain to the user's address, arriving as an ordinary deposit, confirmations and all.
 */
export function CryptoDepositFaucet({ assets }: { assets: readonly ChainAsset[] }) {
  const faucet = useRequestFaucet();

  function send(asset: ChainAsset) {
    faucet.mutate(
      { asset },
      {
        onSuccess: (sent) =>
          toast.success(`Sent ${sent.amount} ${sent.asset} of test coins`, {
            description: `Transaction ${shortHex(sent.txHash, 10, 6)}`,
          }),
        onError: (err) => toast.error(errorMessage(err, 'The faucet could not send test coins')),
      },
    );
  }

  return (
    <Panel title="Test faucet" icon={FlaskConical}>
      <p className="text-sm text-muted">
        Test coins for trying Sikka out. They exist only on this local test chain and have no value.
        They arrive at your address like any deposit, confirmations and all.
      </p>
      <div className="mt-4 grid gap-2 sm:grid-cols-2">
        {assets.map((asset) => (
          <Button
            key={asset}
            variant="outline"
            disabled={faucet.isPending}
            onClick={() => send(asset)}
          >
            Get {FAUCET_LIMITS[asset].default} test {asset}
          </Button>
        ))}
      </div>
    </Panel>
  );
}
