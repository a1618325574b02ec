import type {
  CancelReason,
  Fill,
  LevelChange,
  NewOrder,
  PlaceResult,
  RemovedOrder,
  RestingOrder,
  Side,
} from '../../src/spot/engine/types.ts';

interface RefOrder extends RestingOrder {
  /** Arrival in the book: lower is older. */
  seq: number;
}

/**
 * The matching rules written as plainly as possible, for property tests of the real engine:
 * one array of resting orders, a linear scan for the next maker every time, and FOK's dry
 * run done by matching a copy of the book. Slow on purpose; obviously correct is the point.
 */
export class ReferenceBook {
  private book: RefOrder[] = [];
  private seq = 0;

  place(order: NewOrder): PlaceResult {
    if (this.book.some((o) => o.id === order.id)) throw new Error(`duplicate id ${order.id}`);
    const isMarket = order.type === 'market';
    const tif = isMarket && order.tif === 'GTC' ? 'IOC' : order.tif;
    if (!isMarket && order.postOnly) {
      const best = this.nextMaker(order);
      if (best !== undefined && this.crosses(order, best.priceTicks)) {
        return this.result([], 0, 0, 'cancelled', 'post_only', []);
      }
    }
    if (tif === 'FOK') {
      const trial = new ReferenceBook();
      trial.book = this.book.map((o) => ({ ...o }));
      if (trial.match(order).filled < order.lots) {
        return this.result([], 0, 0, 'cancelled', 'fok', []);
      }
    }
    const { fills, filled, stopped, makerCancels } = this.match(order);
    if (filled === order.lots) return this.result(fills, filled, 0, 'filled', null, makerCancels);
    const rest = order.lots - filled;
    if (stopped === null && !isMarket && tif === 'GTC') {
      this.book.push({ ...this.resting(order), lots: rest, seq: this.seq++ });
      return this.result(fills, filled, rest, 'open', null, makerCancels);
    }
    const reason = stopped ?? (isMarket ? 'no_liquidity' : tif === 'IOC' ? 'ioc' : 'fok');
    return this.result(fills, filled, 0, 'cancelled', reason, makerCancels);
  }

  cancel(id: string): RemovedOrder | null {
    const o = this.book.find((x) => x.id === id);
    if (o === undefined) return null;
    this.book = this.book.filter((x) => x !== o);
    return this.removed(o);
  }

  rest(order: RestingOrder): void {
    if (this.book.some((o) => o.id === order.id)) throw new Error(`duplicate id ${order.id}`);
    const crossing = this.book.some((o) =>
      order.side === 'buy'
        ? o.side === 'sell' && o.priceTicks <= order.priceTicks
        : o.side === 'buy' && o.priceTicks >= order.priceTicks,
    );
    if (crossing) throw new Error('crosses');
    this.book.push({ ...order, seq: this.seq++ });
  }

  /** Bids best → worst, then asks best → worst, oldest first within a price. */
  orders(): RestingOrder[] {
    const by = (side: Side) =>
      this.book
        .filter((o) => o.side === side)
        .sort((a, b) =>
          a.priceTicks !== b.priceTicks
            ? side === 'buy'
              ? b.priceTicks - a.priceTicks
              : a.priceTicks - b.priceTicks
            : a.seq - b.seq,
        );
    return [...by('buy'), ...by('sell')].map(({ id, owner, side, priceTicks, lots }) => ({
      id,
      owner,
      side,
      priceTicks,
      lots,
    }));
  }

  idsOf(owner: string): string[] {
    return this.book
      .filter((o) => o.owner === owner)
      .sort((a, b) => a.seq - b.seq)
      .map((o) => o.id);
  }

  /** Level totals keyed 'side|price'. */
  levels(): Map<string, number> {
    const out = new Map<string, number>();
    for (const o of this.book) {
      const key = `${o.side}|${o.priceTicks}`;
      out.set(key, (out.get(key) ?? 0) + o.lots);
    }
    return out;
  }

  /** The levels whose total differs between two levels() snapshots, sorted. */
  static diff(before: Map<string, number>, after: Map<string, number>): LevelChange[] {
    const keys = new Set([...before.keys(), ...after.keys()]);
    const out: LevelChange[] = [];
    for (const key of keys) {
      const total = after.get(key) ?? 0;
      if ((before.get(key) ?? 0) === total) continue;
      const [side, price] = key.split('|');
      out.push([side as Side, Number(price), total]);
    }
    return sortChanges(out);
  }

  private match(order: NewOrder) {
    const fills: Fill[] = [];
    const makerCancels: RemovedOrder[] = [];
    const budget =
      order.type === 'market' && order.side === 'buy' ? order.maxQuoteUnits : undefined;
    let filled = 0;
    let spent = 0;
    let stopped: CancelReason | null = null;
    for (;;) {
      if (filled === order.lots) break;
      const maker = this.nextMaker(order);
      if (maker === undefined || !this.crosses(order, maker.priceTicks)) break;
      if (maker.owner === order.owner) {
        if (order.stp === 'cancel_taker') {
          stopped = 'stp';
          break;
        }
        makerCancels.push(this.cancel(maker.id)!);
        if (order.stp === 'cancel_both') {
          stopped = 'stp';
          break;
        }
        continue;
      }
      let lots = Math.min(order.lots - filled, maker.lots);
      if (budget !== undefined) {
        const affordable = Math.floor((budget - spent) / maker.priceTicks);
        if (affordable === 0) {
          stopped = 'funds';
          break;
        }
        lots = Math.min(lots, affordable);
        spent += lots * maker.priceTicks;
      }
      maker.lots -= lots;
      filled += lots;
      fills.push({
        makerId: maker.id,
        makerOwner: maker.owner,
        takerId: order.id,
        takerOwner: order.owner,
        priceTicks: maker.priceTicks,
        lots,
        makerRemaining: maker.lots,
      });
      if (maker.lots === 0) this.book = this.book.filter((o) => o !== maker);
    }
    return { fills, filled, stopped, makerCancels };
  }

  /** The best-priced, oldest order on the side opposite the taker, whatever its price. */
  private nextMaker(taker: NewOrder): RefOrder | undefined {
    let best: RefOrder | undefined;
    for (const o of this.book) {
      if (o.side === taker.side) continue;
      const better =
        best === undefined ||
        (o.side === 'sell' ? o.priceTicks < best.priceTicks : o.priceTicks > best.priceTicks) ||
        (o.priceTicks === best.priceTicks && o.seq < best.seq);
      if (better) best = o;
    }
    return best;
  }

  private crosses(taker: NewOrder, makerPrice: number): boolean {
    if (taker.type === 'market') return true;
    return taker.side === 'buy' ? makerPrice <= taker.priceTicks : makerPrice >= taker.priceTicks;
  }

  private resting(order: NewOrder): RestingOrder {
    const { id, owner, side, priceTicks, lots } = order;
    return { id, owner, side, priceTicks, lots };
  }

  private removed(o: RefOrder): RemovedOrder {
    return {
      id: o.id,
      owner: o.owner,
      side: o.side,
      priceTicks: o.priceTicks,
      remainingLots: o.lots,
    };
  }

  private result(
    fills: Fill[],
    filledLots: number,
    restingLots: number,
    status: PlaceResult['status'],
    cancelReason: CancelReason | null,
    makerCancels: RemovedOrder[],
  ): PlaceResult {
    return { fills, filledLots, restingLots, status, cancelReason, makerCancels };
  }
}

export function sortChanges(changes: LevelChange[]): LevelChange[] {
  return [...changes].sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] < b[0] ? -1 : 1));
}
