import { decimalToUnits, fractionDigits, unitsToDecimal } from '@sikka/contracts';
import { getAddress, isAddress, zeroAddress } from 'viem';
import { ChainError, type Address } from './adapter.ts';

/**
 * An address as people paste it: 0x and 40 hex digits, all lowercase (no checksum to check)
 * or mixed case that matches its EIP-55 checksum. Returned checksummed; null otherwise, so a
 * single mistyped character in a checksummed address is caught instead of losing the coins.
 * The zero address is refused: nobody holds its key, so what is sent there is burnt.
 */
export function parseAddress(input: string): Address | null {
  const text = input.trim();
  if (!isAddress(text, { strict: true })) return null;
  const address = getAddress(text);
  return address === zeroAddress ? null : address;
}

/** `parseAddress`, throwing ChainError('invalid_address') instead of returning null. */
export function requireAddress(input: string, what = 'address'): Address {
  const address = parseAddress(input);
  if (!address) throw new ChainError('invalid_address', `${what} is not a valid EVM address`);
  return address;
}

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/**
 * A non-negative decimal string as base units of an asset with `decimals` places. Refuses
 * more places than the asset has rather than rounding: '0.0000001' USDT is not a payable
 * amount, and silently sending 0 or 0.000001 instead would be a different payment.
 */
export function toBaseUnits(amount: string, decimals: number): bigint {
  if (!PLAIN_DECIMAL.test(amount)) {
    throw new ChainError('invalid_amount', `not a non-negative decimal amount: ${amount}`);
  }
  if (fractionDigits(amount) > decimals) {
    throw new ChainError('invalid_amount', `${amount} has more than ${decimals} decimal places`);
  }
  return decimalToUnits(amount, decimals);
}

/** Base units back to a decimal string with exactly `decimals` places (exact, no float). */
export function fromBaseUnits(units: bigint, decimals: number): string {
  return unitsToDecimal(units, decimals);
}
