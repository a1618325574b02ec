import {
  addDecimal,
  beneficiarySchema,
  compareDecimal,
  fractionDigits,
  isDecimalInput,
  isPositiveDecimal,
  messages,
  roundDecimal,
  subtractDecimal,
  trimDecimal,
  type ChainAsset,
  type ChainAssetState,
  type ChainWithdrawal,
  type CreateChainWithdrawalRequest,
} from '@sikka/contracts';

/*
 * The crypto withdraw form's rules and previews (issue 15). Amounts stay decimal strings and
 * go through the contracts' decimal helpers only; the server recomputes every real amount.
 */

/**
 * The shape of an EVM address. The server also checks a mixed-case address's EIP-55 checksum
 * (keccak-256, which the web app does not ship) and answers with its own message at the field.
 */
export const EVM_ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;

export const isEvmAddressShape = (value: string): boolean => EVM_ADDRESS_RE.test(value.trim());

/**
 * What the Max button fills in: the available balance less the fee, and no more than is left
 * of today's limit, cut to the asset's places; '0' when the fee is more than what is there.
 */
export function maxWithdrawable(state: ChainAssetState): string {
  // Exact first (the balance may have 8 places), then cut down: rounding half-up could offer
  // more than is there.
  const exactScale = Math.max(fractionDigits(state.available), fractionDigits(state.fee));
  const afterFee = subtractDecimal(state.available, state.fee, exactScale);
  if (compareDecimal(afterFee, '0') <= 0) return '0';
  const capped =
    compareDecimal(afterFee, state.remainingToday) > 0 ? state.remainingToday : afterFee;
  return trimDecimal(roundDecimal(capped, state.places, 'down'));
}

export interface WithdrawPreview {
  /** amount + fee: what leaves the user's wallet */
  send: string;
  /** what arrives at the address */
  receive: string;
}

/** The summary's figures for a typed amount; null while the box holds no positive amount. */
export function withdrawPreview(
  amount: string,
  fee: string,
  places: number,
): WithdrawPreview | null {
  if (!isPositiveDecimal(amount)) return null;
  return {
    send: addDecimal(amount.trim(), fee, places),
    receive: roundDecimal(amount.trim(), places),
  };
}

export type BeneficiaryKind = 'own' | 'third_party';

export interface CryptoWithdrawValues {
  address: string;
  amount: string;
  beneficiaryKind: BeneficiaryKind | '';
  beneficiaryName: string;
}

/** The server's field keys (a nested field is written 'beneficiary.name'). */
export const CRYPTO_WITHDRAW_FIELDS = [
  'address',
  'amount',
  'beneficiary',
  'beneficiary.name',
] as const;
export type CryptoWithdrawField = (typeof CRYPTO_WITHDRAW_FIELDS)[number];
export type CryptoWithdrawErrors = Partial<Record<CryptoWithdrawField, string>>;

/** The request body for valid values; the declaration as the contracts' union. */
export function toRequest(
  asset: ChainAsset,
  values: CryptoWithdrawValues,
): CreateChainWithdrawalRequest {
  return {
    asset,
    address: values.address.trim(),
    amount: values.amount.trim(),
    beneficiary:
      values.beneficiaryKind === 'third_party'
        ? { kind: 'third_party', name: values.beneficiaryName.trim() }
        : { kind: 'own' },
  };
}

/**
 * The checks the form can make before sending, with the server's own words: address shape,
 * amount places, minimum, today's limit, balance for amount + fee, and the declaration.
 */
export function validateCryptoWithdraw(
  values: CryptoWithdrawValues,
  state: ChainAssetState,
): CryptoWithdrawErrors {
  const errors: CryptoWithdrawErrors = {};
  const m = messages.cryptoWithdrawals;
  const address = values.address.trim();
  if (!address) errors.address = m.addressRequired;
  else if (!isEvmAddressShape(address)) errors.address = m.addressInvalid;

  const amount = values.amount.trim();
  if (!amount) errors.amount = messages.deposits.amountRequired;
  else if (!isDecimalInput(amount)) errors.amount = messages.deposits.amountNumeric;
  else if (!isPositiveDecimal(amount)) errors.amount = messages.money.amountPositive;
  else if ((amount.split('.')[1]?.length ?? 0) > state.places)
    errors.amount = m.amountDecimals(state.places);
  else if (compareDecimal(amount, state.minimum) < 0)
    errors.amount = m.amountMin(trimDecimal(state.minimum), state.asset);
  else if (compareDecimal(amount, state.remainingToday) > 0)
    errors.amount = m.dailyLimit(
      trimDecimal(state.dailyLimit),
      trimDecimal(state.remainingToday),
      state.asset,
    );
  else if (compareDecimal(addDecimal(amount, state.fee, state.places), state.available) > 0)
    errors.amount = m.insufficient(state.asset);

  if (values.beneficiaryKind === '') errors.beneficiary = m.beneficiaryRequired;
  else if (values.beneficiaryKind === 'third_party') {
    const parsed = beneficiarySchema.safeParse({
      kind: 'third_party',
      name: values.beneficiaryName,
    });
    if (!parsed.success) errors['beneficiary.name'] = parsed.error.issues[0]?.message;
  }
  return errors;
}

export type StatusTone = 'success' | 'warning' | 'danger' | 'neutral' | 'progress';

/** A withdrawal's status as the user reads it, and its colour. */
export function chainStatusLabel(
  w: Pick<ChainWithdrawal, 'status' | 'confirmations' | 'requiredConfirmations'>,
): { text: string; tone: StatusTone } {
  switch (w.status) {
    case 'pending':
      return { text: 'Pending review', tone: 'warning' };
    case 'approved':
      return { text: 'Approved', tone: 'progress' };
    case 'signed':
      return { text: 'Signed', tone: 'progress' };
    case 'broadcast':
      return {
        text: `Sent ${Math.min(w.confirmations, w.requiredConfirmations)}/${w.requiredConfirmations} confirmations`,
        tone: 'progress',
      };
    case 'completed':
      return { text: 'Completed', tone: 'success' };
    case 'rejected':
      return { text: 'Rejected', tone: 'danger' };
    case 'cancelled':
      return { text: 'Cancelled', tone: 'neutral' };
    case 'failed':
      return { text: 'Failed', tone: 'danger' };
  }
}

/** '0x1234…abcd': enough of an address or hash to recognise it, with the rest on hover. */
export function shortHex(value: string, head = 6, tail = 4): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}

const coinFormat = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 8,
});

/** '1234.5' → '1,234.50 USDT': en-IN grouping, formatted from the string (never a float). */
export function formatCoin(value: string, asset: string): string {
  const trimmed = value.trim();
  if (!isDecimalInput(trimmed)) return 'N/A';
  return `${coinFormat.format(trimmed as `${number}`)} ${asset}`;
}
