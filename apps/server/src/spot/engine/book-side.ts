import type { Side } from './types.ts';

/**
 * One resting order: a node of two intrusive doubly linked lists, its price level's time
 * queue and its owner's list (oldest first), so a cancel is O(1) and allocates nothing.
 */
export class OrderNode {
  prev: OrderNode | null = null;
  next: OrderNode | null = null;
  ownerPrev: OrderNode | null = null;
  ownerNext: OrderNode | null = null;

  constructor(
    readonly id: string,
    readonly owner: string,
    readonly side: Side,
    readonly price: number,
    /** Remaining lots, > 0 while the node is in the book. */
    public lots: number,
    readonly level: Level,
  ) {}
}

/** All orders at one price on one side, oldest first; `total` is the sum of their lots. */
export class Level {
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
  total = 0;
  count = 0;

  constructor(
    readonly price: number,
    /** Sort key: ascending key = worst → best (bids: price, asks: −price). */
    readonly key: number,
  ) {}

  append(node: OrderNode): void {
    node.prev = this.tail;
    node.next = null;
    if (this.tail === null) this.head = node;
    else this.tail.next = node;
    this.tail = node;
    this.total += node.lots;
    this.count += 1;
  }

  /** Links the node back between the neighbours it had when unlinked (undo, newest first). */
  relink(node: OrderNode, prev: OrderNode | null, next: OrderNode | null): void {
    node.prev = prev;
    node.next = next;
    if (prev === null) this.head = node;
    else prev.next = node;
    if (next === null) this.tail = node;
    else next.prev = node;
    this.total += node.lots;
    this.count += 1;
  }

  /** Unlinks the node; the caller has already taken its lots out of `total` or does it here. */
  unlink(node: OrderNode): void {
    const { prev, next } = node;
    if (prev === null) this.head = next;
    else prev.next = next;
    if (next === null) this.tail = prev;
    else next.prev = prev;
    node.prev = null;
    node.next = null;
    this.total -= node.lots;
    this.count -= 1;
  }
}

/**
 * One side of the book: its non-empty levels in an array sorted worst → best, so the best
 * level is the last element and the busy top of the book is pushed and popped in O(1);
 * deeper levels are found by binary search.
 */
export class BookSide {
  readonly levels: Level[] = [];
  /** +1 for bids (higher is better), −1 for asks (lower is better). */
  readonly sign: 1 | -1;

  constructor(readonly side: Side) {
    this.sign = side === 'buy' ? 1 : -1;
  }

  best(): Level | null {
    const n = this.levels.length;
    return n === 0 ? null : this.levels[n - 1]!;
  }

  /** Index of the first level whose key is ≥ key (levels.length if none). */
  private lowerBound(key: number): number {
    const levels = this.levels;
    let lo = 0;
    let hi = levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (levels[mid]!.key < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  find(price: number): Level | null {
    const key = price * this.sign;
    const i = this.lowerBound(key);
    const level = this.levels[i];
    return level !== undefined && level.key === key ? level : null;
  }

  /** The level at this price, created (empty) when missing. */
  levelAt(price: number): Level {
    const levels = this.levels;
    const key = price * this.sign;
    const n = levels.length;
    // Most new orders rest at or beyond the best price: no search for them.
    if (n === 0 || levels[n - 1]!.key < key) {
      const level = new Level(price, key);
      levels.push(level);
      return level;
    }
    if (levels[n - 1]!.key === key) return levels[n - 1]!;
    const i = this.lowerBound(key);
    const found = levels[i]!;
    if (found.key === key) return found;
    const level = new Level(price, key);
    levels.splice(i, 0, level);
    return level;
  }

  /** Puts back a level dropped by remove() (undo): the same object, at its sorted place. */
  restore(level: Level): void {
    this.levels.splice(this.lowerBound(level.key), 0, level);
  }

  /** Drops an empty level. */
  remove(level: Level): void {
    const levels = this.levels;
    const n = levels.length;
    if (levels[n - 1] === level) {
      levels.pop();
      return;
    }
    const i = this.lowerBound(level.key);
    if (levels[i] !== level) throw new Error(`level ${level.price} is not in the book`);
    levels.splice(i, 1);
  }
}

/** An owner's resting orders, oldest first (cancel-all). */
export class OwnerList {
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
  count = 0;

  append(node: OrderNode): void {
    node.ownerPrev = this.tail;
    node.ownerNext = null;
    if (this.tail === null) this.head = node;
    else this.tail.ownerNext = node;
    this.tail = node;
    this.count += 1;
  }

  /** Links the node back between the neighbours it had when unlinked (undo, newest first). */
  relink(node: OrderNode, prev: OrderNode | null, next: OrderNode | null): void {
    node.ownerPrev = prev;
    node.ownerNext = next;
    if (prev === null) this.head = node;
    else prev.ownerNext = node;
    if (next === null) this.tail = node;
    else next.ownerPrev = node;
    this.count += 1;
  }

  unlink(node: OrderNode): void {
    const { ownerPrev: prev, ownerNext: next } = node;
    if (prev === null) this.head = next;
    else prev.ownerNext = next;
    if (next === null) this.tail = prev;
    else next.ownerPrev = prev;
    node.ownerPrev = null;
    node.ownerNext = null;
    this.count -= 1;
  }
}
