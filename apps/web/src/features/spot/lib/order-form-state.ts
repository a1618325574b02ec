import {
  isPositiveDecimal,
  sanitizeAmountInput,
  type PlaceSpotOrderRequest,
  type SpotMarket,
  type SpotSide,
  type SpotOrderType,
  type SpotTimeInForce,
} from '@sikka/contracts';
import {
  amountForTotal,
  orderTotal,
  percentShown,
  roundToStep,
  shareOfBalance,
  wireDecimal,
} from './order-math.ts';

/** The spot order form as typed. Amount and total follow each other; `driver` is the one typed last. */
export interface SpotFormState {
  side: SpotSide;
  type: SpotOrderType;
  /** INR per coin (limit orders). */
  price: string;
  /** Coins. */
  amount: string;
  /** INR: price × amount, or for a market buy what the user wants to spend. */
  total: string;
  driver: 'amount' | 'total';
  /** The slider, 0–100. */
  percent: number;
  timeInForce: SpotTimeInForce;
  postOnly: boolean;
}

export const initialFormState: SpotFormState = {
  side: 'buy',
  type: 'limit',
  price: '',
  amount: '',
  total: '',
  driver: 'amount',
  percent: 0,
  timeInForce: 'GTC',
  postOnly: false,
};

/** What the form's arithmetic needs besides its own boxes. */
export interface FormContext {
  market: Pick<SpotMarket, 'tickSize' | 'lotSize' | 'priceDecimals' | 'quantityDecimals'>;
  /** Available INR (buy) or coins (sell); null when unknown (signed out, loading). */
  available: string | null;
  /** The larger of the maker and taker fees, as a fraction. */
  feeRate: string;
}

/** The INR a buy spends or the coins a sell gives, as the slider measures them. */
function spendOf(state: SpotFormState): string {
  return state.side === 'buy' ? state.total : state.amount;
}

function follow(state: SpotFormState, ctx: FormContext): SpotFormState {
  const { lotSize } = ctx.market;
  let next = state;
  if (state.type === 'limit') {
    next =
      state.driver === 'amount'
        ? { ...state, total: orderTotal(state.price, state.amount, state.side) }
        : { ...state, amount: amountForTotal(state.total, state.price, lotSize) };
  } else if (state.side === 'sell' || state.driver === 'amount') {
    // A market order's total is unknown until it fills: only a market buy may name one.
    next = { ...state, total: '', driver: 'amount' };
  } else {
    next = { ...state, amount: '' };
  }
  return { ...next, percent: percentShown(spendOf(next), ctx.available) };
}

export function setPrice(state: SpotFormState, raw: string, ctx: FormContext): SpotFormState {
  return follow({ ...state, price: sanitizeAmountInput(raw, ctx.market.priceDecimals) }, ctx);
}

/** On leaving the price box: the price snapped to the market's tick. */
export function snapPrice(state: SpotFormState, ctx: FormContext): SpotFormState {
  if (!isPositiveDecimal(state.price)) return state;
  const price = roundToStep(wireDecimal(state.price), ctx.market.tickSize, 'half-up');
  return price === state.price ? state : follow({ ...state, price }, ctx);
}

export function setAmount(state: SpotFormState, raw: string, ctx: FormContext): SpotFormState {
  const amount = sanitizeAmountInput(raw, ctx.market.quantityDecimals);
  return follow({ ...state, amount, driver: 'amount' }, ctx);
}

export function setTotal(state: SpotFormState, raw: string, ctx: FormContext): SpotFormState {
  return follow({ ...state, total: sanitizeAmountInput(raw, 2), driver: 'total' }, ctx);
}

export function setPercent(state: SpotFormState, percent: number, ctx: FormContext): SpotFormState {
  const clamped = Math.min(100, Math.max(0, Math.round(percent)));
  const share = shareOfBalance({
    side: state.side,
    type: state.type,
    percent: clamped,
    available: ctx.available ?? '0',
    price: state.price,
    lotSize: ctx.market.lotSize,
    feeRate: ctx.feeRate,
  });
  const marketBuy = state.type === 'market' && state.side === 'buy';
  return {
    ...state,
    amount: share.amount,
    total: share.total,
    driver: marketBuy ? 'total' : 'amount',
    percent: clamped,
  };
}

export function setSide(state: SpotFormState, side: SpotSide): SpotFormState {
  return side === state.side ? state : { ...state, side, amount: '', total: '', percent: 0 };
}

export function setType(state: SpotFormState, type: SpotOrderType): SpotFormState {
  if (type === state.type) return state;
  return {
    ...state,
    type,
    amount: '',
    total: '',
    driver: 'amount',
    percent: 0,
    // A market order is IOC or FOK (spotMessages.marketGtc); post-only is for limits.
    timeInForce: type === 'market' ? 'IOC' : 'GTC',
    postOnly: false,
  };
}

/** What a picked order-book row puts into the form (PRODUCT.md §4). */
export interface PickedLevel {
  side: SpotSide;
  price: string;
  amount: string;
}

/** An order-book row picked (PRODUCT.md §4): its side, price and amount into the form. */
export function pickLevel(
  state: SpotFormState,
  level: PickedLevel,
  ctx: FormContext,
): SpotFormState {
  return follow(
    {
      ...state,
      type: 'limit',
      timeInForce: state.type === 'limit' ? state.timeInForce : 'GTC',
      side: level.side,
      price: level.price,
      amount: level.amount,
      driver: 'amount',
    },
    ctx,
  );
}

/**
 * The request the form sends, or the field and message when a box is not filled in yet.
 * Limits per market (tick, lot, minimum value, balance) are the server's to check: its
 * `fields` come back under the boxes.
 */
export function orderRequest(
  state: SpotFormState,
  market: string,
):
  | { body: PlaceSpotOrderRequest }
  | { field: 'price' | 'quantity' | 'quoteAmount'; message: string } {
  const base = { market, side: state.side, type: state.type } as const;
  if (state.type === 'limit') {
    if (!isPositiveDecimal(state.price)) return { field: 'price', message: 'Enter a price' };
    if (!isPositiveDecimal(state.amount)) return { field: 'quantity', message: 'Enter an amount' };
    return {
      body: {
        ...base,
        price: wireDecimal(state.price),
        quantity: wireDecimal(state.amount),
        timeInForce: state.timeInForce,
        ...(state.postOnly ? { postOnly: true } : {}),
      },
    };
  }
  const timeInForce = state.timeInForce === 'FOK' ? 'FOK' : 'IOC';
  if (state.side === 'buy' && state.driver === 'total') {
    if (!isPositiveDecimal(state.total)) return { field: 'quoteAmount', message: 'Enter a total' };
    return { body: { ...base, quoteAmount: wireDecimal(state.total), timeInForce } };
  }
  if (!isPositiveDecimal(state.amount)) return { field: 'quantity', message: 'Enter an amount' };
  return { body: { ...base, quantity: wireDecimal(state.amount), timeInForce } };
}
