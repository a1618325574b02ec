import { useEffect, useState } from 'react';
import { ShieldCheck, TriangleAlert } from 'lucide-react';
import { toDataURL } from 'qrcode';
import type { ChainAsset } from '@sikka/contracts';
import { assetsText } from '@/features/wallet/lib/crypto-deposit.ts';
import { formatCoin } from '@/features/wallet/lib/crypto-withdraw.ts';
import { CopyButton } from './copy-button.tsx';

/** CSS px of the QR code; drawn at twice that so it stays sharp on phone screens. */
const QR_SIZE = 180;

/**
 * The address as a QR code, for a wallet app on a phone to scan. Plain address (no
 * `ethereum:` URI): every wallet reads that, for the token as well as for ETH.
 */
function AddressQr({ address }: { address: string }) {
  const [qr, setQr] = useState<{ address: string; url: string } | null>(null);
  useEffect(() => {
    let live = true;
    toDataURL(address, { width: QR_SIZE * 2, margin: 1, errorCorrectionLevel: 'M' }).then(
      (url) => {
        if (live) setQr({ address, url });
      },
      // The address is 42 characters, far within a QR code's room; nothing to tell the user.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [address]);
  // White quiet zone around the code whatever the theme: scanners need the contrast.
  return (
    <div
      className="grid size-[156px] shrink-0 place-items-center rounded-xl bg-white p-2 sm:size-[180px]"
      data-testid="deposit-qr"
    >
      {qr?.address === address ? (
        <img
          src={qr.url}
          alt={`QR code of your deposit address ${address}`}
          width={QR_SIZE}
          height={QR_SIZE}
          className="size-full"
        />
      ) : (
        <div className="size-full animate-shimmer rounded-lg bg-raised" aria-hidden="true" />
      )}
    </div>
  );
}

/**
 * The user's own deposit address (one for good, for every asset of the chain): the QR code,
 * the address to copy, what it takes and when a deposit counts.
 */
export function CryptoDepositAddress({
  coin,
  address,
  network,
  assets,
  confirmations,
  available,
}: {
  coin: ChainAsset;
  address: string;
  network: string;
  assets: readonly ChainAsset[];
  confirmations: number;
  /** What the wallet holds of `coin` now (decimal string), once known: a credit shows here live. */
  available: string | undefined;
}) {
  return (
    <div className="mt-5 space-y-4">
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <AddressQr address={address} />
        <div className="w-full min-w-0 flex-1">
          <p id="deposit-address-label" className="mb-1.5 text-sm font-medium text-ink">
            Your {coin} deposit address on {network}
          </p>
          <div className="flex items-center gap-2 rounded-lg border border-line bg-canvas py-1 pr-1 pl-3.5">
            <code
              aria-labelledby="deposit-address-label"
              className="min-w-0 flex-1 font-mono text-sm break-all text-ink"
              data-testid="deposit-address"
            >
              {address}
            </code>
            <CopyButton value={address} label="Deposit address" />
          </div>
          <p className="mt-3 text-sm text-muted">
            In your Sikka wallet:{' '}
            <span className="font-semibold tabular-nums text-ink" data-testid="deposit-balance">
              {available === undefined ? '…' : formatCoin(available, coin)}
            </span>
          </p>
          <p className="mt-1.5 flex items-center gap-2 text-sm text-muted">
            <ShieldCheck className="size-4 shrink-0 text-up" aria-hidden="true" />
            <span>
              Credited after {confirmations} confirmation{confirmations === 1 ? '' : 's'}
            </span>
          </p>
        </div>
      </div>
      <p
        role="note"
        className="flex gap-2 rounded-lg border border-accent/25 bg-accent/[0.06] p-3 text-sm text-muted"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
        <span>
          Send only {assetsText(assets)} on {network}. Coins sent on another network are lost.
        </span>
      </p>
    </div>
  );
}
