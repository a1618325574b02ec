import { createHash } from 'node:crypto';
import { BookSide, OrderNode, OwnerList, type Level } from './book-side.ts';
import type {
  CancelReason,
  DepthLevel,
  Fill,
  LevelChange,
  NewOrder,
  OrderBookOptions,
  PlaceResult,
  RemovedOrder,
  RestingOrder,
  Side,
} from './types.ts';
import { canFillWhole } from './fill-or-kill.ts';
import { assertNewOrder, assertRestingOrder } from './validate.ts';

export type * from './types.ts';

/** A market buy crosses every ask; a market sell every bid (prices are ≥ 1). */
const ANY_ASK = Number.MAX_SAFE_INTEGER;
const ANY_BID = 0;

const removed = (node: OrderNode): RemovedOrder => ({
  id: node.id,
  owner: node.owner,
  side: node.side,
  priceTicks: node.price,
  remainingLots: node.lots,
});

const resting = (node: OrderNode): RestingOrder => ({
  id: node.id,
  owner: node.owner,
  side: node.side,
  priceTicks: node.price,
  lots: node.lots,
});

/**
 * One change to the book since checkpoint(), with what undo() needs to take it back: the
 * lots a fill took from a maker; an order taken out (its neighbours in its level's queue and
 * its owner's list at that moment, and whether its level or list went with it); an order put
 * in.
 */
type Change =
  | { kind: 'lots'; node: OrderNode; lots: number }
  | {
      kind: 'unlink';
      node: OrderNode;
      prev: OrderNode | null;
      next: OrderNode | null;
      ownerPrev: OrderNode | null;
      ownerNext: OrderNode | null;
      list: OwnerList;
      levelDropped: boolean;
      listDropped: boolean;
    }
  | { kind: 'insert'; node: OrderNode };

/**
 * The order book and matching engine of one market: price-time priority, integer ticks and
 * lots only, one writer (the market's host calls it from one place, never concurrently).
 * Each side keeps its levels sorted worst → best in an array (the best at the end), each
 * level an intrusive queue of orders; a Map finds an order by id for an O(1) cancel.
 */
export class OrderBook {
  private readonly bids = new BookSide('buy');
  private readonly asks = new BookSide('sell');
  private readonly byId = new Map<string, OrderNode>();
  private readonly byOwner = new Map<string, OwnerList>();
  private readonly track: boolean;
  /** Prices whose level total changed since the last drainChanges(), per side. */
  private readonly changedBids = new Set<number>();
  private readonly changedAsks = new Set<number>();
  /** The changes since checkpoint(), oldest first; null when none is being kept. */
  private journal: Change[] | null = null;

  constructor(options?: OrderBookOptions) {
    this.track = options?.trackChanges === true;
  }

  get size(): number {
    return this.byId.size;
  }

  place(order: NewOrder): PlaceResult {
    assertNewOrder(order);
    const { id, owner, stp, lots } = order;
    if (this.byId.has(id)) throw new Error(`order ${id} is already in the book`);
    const isBuy = order.side === 'buy';
    const isMarket = order.type === 'market';
    const opposite = isBuy ? this.asks : this.bids;
    const limit = isMarket ? (isBuy ? ANY_ASK : ANY_BID) : order.priceTicks;
    // A market order never rests: GTC means IOC for it.
    const tif = isMarket && order.tif === 'GTC' ? 'IOC' : order.tif;
    // The quote budget binds market buys only; −1: no budget.
    const budget =
      isMarket && isBuy && order.maxQuoteUnits !== undefined ? order.maxQuoteUnits : -1;
    const fills: Fill[] = [];
    const makerCancels: RemovedOrder[] = [];

    if (!isMarket && order.postOnly) {
      const best = opposite.best();
      if (best !== null && (isBuy ? best.price <= limit : best.price >= limit)) {
        return cancelled(fills, 0, 'post_only', makerCancels);
      }
    }
    if (tif === 'FOK' && !canFillWhole(opposite.levels, isBuy, limit, lots, owner, stp, budget)) {
      return cancelled(fills, 0, 'fok', makerCancels);
    }

    const levels = opposite.levels;
    let remaining = lots;
    let spent = 0;
    let stopped: CancelReason | null = null;
    while (remaining > 0) {
      const n = levels.length;
      if (n === 0) break;
      const level = levels[n - 1]!;
      const price = level.price;
      if (isBuy ? price > limit : price < limit) break;
      const maker = level.head!;
      if (maker.owner === owner) {
        if (stp === 'cancel_taker') {
          stopped = 'stp';
          break;
        }
        makerCancels.push(removed(maker));
        this.unlink(maker);
        if (stp === 'cancel_both') {
          stopped = 'stp';
          break;
        }
        continue;
      }
      let qty = remaining < maker.lots ? remaining : maker.lots;
      if (budget >= 0) {
        // Exact integer division: both are safe integers and spent ≤ budget.
        const affordable = Math.floor((budget - spent) / price);
        if (affordable === 0) {
          stopped = 'funds';
          break;
        }
        if (qty > affordable) qty = affordable;
        spent += qty * price;
      }
      remaining -= qty;
      maker.lots -= qty;
      level.total -= qty;
      this.journal?.push({ kind: 'lots', node: maker, lots: qty });
      fills.push({
        makerId: maker.id,
        makerOwner: maker.owner,
        takerId: id,
        takerOwner: owner,
        priceTicks: price,
        lots: qty,
        makerRemaining: maker.lots,
      });
      if (maker.lots === 0) this.unlink(maker);
      else if (this.track) this.changed(opposite.side, price);
    }

    const filled = lots - remaining;
    if (remaining === 0) {
      return {
        fills,
        filledLots: filled,
        restingLots: 0,
        status: 'filled',
        cancelReason: null,
        makerCancels,
      };
    }
    if (stopped === null && !isMarket && tif === 'GTC') {
      this.insert(id, owner, order.side, order.priceTicks, remaining);
      return {
        fills,
        filledLots: filled,
        restingLots: remaining,
        status: 'open',
        cancelReason: null,
        makerCancels,
      };
    }
    const reason = stopped ?? (isMarket ? 'no_liquidity' : tif === 'IOC' ? 'ioc' : 'fok');
    return cancelled(fills, filled, reason, makerCancels);
  }

  cancel(id: string): RemovedOrder | null {
    const node = this.byId.get(id);
    if (node === undefined) return null;
    const out = removed(node);
    this.unlink(node);
    return out;
  }

  rest(order: RestingOrder): void {
    assertRestingOrder(order);
    if (this.byId.has(order.id)) throw new Error(`order ${order.id} is already in the book`);
    const { side, priceTicks } = order;
    const best = (side === 'buy' ? this.asks : this.bids).best();
    if (best !== null && (side === 'buy' ? priceTicks >= best.price : priceTicks <= best.price)) {
      throw new Error(
        `order ${order.id} at ${priceTicks} would cross the best price ${best.price}`,
      );
    }
    this.insert(order.id, order.owner, side, priceTicks, order.lots);
  }

  get(id: string): RestingOrder | undefined {
    const node = this.byId.get(id);
    return node === undefined ? undefined : resting(node);
  }

  idsOf(owner: string): string[] {
    const ids: string[] = [];
    for (let n = this.byOwner.get(owner)?.head ?? null; n !== null; n = n.ownerNext) ids.push(n.id);
    return ids;
  }

  bestBid(): number | null {
    return this.bids.best()?.price ?? null;
  }

  bestAsk(): number | null {
    return this.asks.best()?.price ?? null;
  }

  depth(side: Side, levels: number): DepthLevel[] {
    const all = (side === 'buy' ? this.bids : this.asks).levels;
    const out: DepthLevel[] = [];
    for (let i = all.length - 1; i >= 0 && out.length < levels; i--) {
      const level = all[i]!;
      out.push([level.price, level.total, level.count]);
    }
    return out;
  }

  *orders(): IterableIterator<RestingOrder> {
    for (const side of [this.bids, this.asks]) {
      const levels = side.levels;
      for (let i = levels.length - 1; i >= 0; i--) {
        for (let n = levels[i]!.head; n !== null; n = n.next) yield resting(n);
      }
    }
  }

  hash(): string {
    const h = createHash('sha256');
    for (const o of this.orders()) h.update(`${o.side}|${o.priceTicks}|${o.id}|${o.lots}\n`);
    return h.digest('hex');
  }

  /**
   * From now on every change is kept, so that undo() can put the book back exactly as it is
   * now: the same orders in the same time priority, each owner's list in the same order.
   * (The market's engine matches a batch before PostgreSQL has accepted its orders, and takes
   * the batch back when one was refused.)
   */
  checkpoint(): void {
    this.journal = [];
  }

  /** The changes since checkpoint() stand; none is kept any more. */
  commit(): void {
    this.journal = null;
  }

  /**
   * Takes back every change since checkpoint(), newest first, so each order goes back
   * between the very neighbours it had. The levels it touches count as changed
   * (drainChanges), with their totals as they are again.
   */
  undo(): void {
    const journal = this.journal;
    if (journal === null) throw new Error('undo() without checkpoint()');
    this.journal = null;
    for (let i = journal.length - 1; i >= 0; i--) {
      const c = journal[i]!;
      const node = c.node;
      if (c.kind === 'insert') {
        this.unlink(node);
        continue;
      }
      if (c.kind === 'lots') {
        node.lots += c.lots;
        node.level.total += c.lots;
      } else {
        if (c.levelDropped) (node.side === 'buy' ? this.bids : this.asks).restore(node.level);
        node.level.relink(node, c.prev, c.next);
        this.byId.set(node.id, node);
        if (c.listDropped) this.byOwner.set(node.owner, c.list);
        c.list.relink(node, c.ownerPrev, c.ownerNext);
      }
      if (this.track) this.changed(node.side, node.price);
    }
  }

  drainChanges(): LevelChange[] {
    const out: LevelChange[] = [];
    for (const [side, prices] of [
      [this.bids, this.changedBids],
      [this.asks, this.changedAsks],
    ] as const) {
      for (const price of prices) out.push([side.side, price, side.find(price)?.total ?? 0]);
      prices.clear();
    }
    return out;
  }

  private insert(id: string, owner: string, side: Side, price: number, lots: number): void {
    const bookSide = side === 'buy' ? this.bids : this.asks;
    const level = bookSide.levelAt(price);
    const node = new OrderNode(id, owner, side, price, lots, level);
    level.append(node);
    this.byId.set(id, node);
    let list = this.byOwner.get(owner);
    if (list === undefined) {
      list = new OwnerList();
      this.byOwner.set(owner, list);
    }
    list.append(node);
    this.journal?.push({ kind: 'insert', node });
    if (this.track) this.changed(side, price);
  }

  /** Takes a node out of the book (filled, cancelled or removed by STP). */
  private unlink(node: OrderNode): void {
    const level: Level = node.level;
    const list = this.byOwner.get(node.owner)!;
    const { prev, next, ownerPrev, ownerNext } = node;
    level.unlink(node);
    const levelDropped = level.count === 0;
    if (levelDropped) (node.side === 'buy' ? this.bids : this.asks).remove(level);
    this.byId.delete(node.id);
    list.unlink(node);
    const listDropped = list.count === 0;
    if (listDropped) this.byOwner.delete(node.owner);
    this.journal?.push({
      kind: 'unlink',
      node,
      prev,
      next,
      ownerPrev,
      ownerNext,
      list,
      levelDropped,
      listDropped,
    });
    if (this.track) this.changed(node.side, node.price);
  }

  private changed(side: Side, price: number): void {
    (side === 'buy' ? this.changedBids : this.changedAsks).add(price);
  }
}

function cancelled(
  fills: Fill[],
  filledLots: number,
  reason: CancelReason,
  makerCancels: RemovedOrder[],
): PlaceResult {
  return {
    fills,
    filledLots,
    restingLots: 0,
    status: 'cancelled',
    cancelReason: reason,
    makerCancels,
  };
}
