import type {
  AdminDeposit,
  AdminTrade,
  Deposit,
  DepositStatus,
  Trade,
  TradeStatus,
  TradeType,
} from '@sikka/contracts';

/** A deposits row as SQL returns it: numeric as a string, timestamps as Date. */
export interface DepositRow {
  [key: string]: unknown;
  id: string;
  user_id: string;
  amount: string;
  utr_number: string;
  status: DepositStatus;
  rejection_reason: string | null;
  created_at: Date;
  decided_at: Date | null;
}

export interface TradeRow {
  [key: string]: unknown;
  id: string;
  user_id: string;
  type: TradeType;
  amount: string;
  price: string;
  total: string;
  /** TDS withheld (sells), and what moved on the user's INR balance (migration 015) */
  tds: string;
  net: string;
  status: TradeStatus;
  created_at: Date;
}

/** Admin list rows carry the owner's name and e-mail, joined in SQL. */
export interface WithUser {
  user_full_name: string;
  user_email: string;
}

export const toDeposit = (r: DepositRow): Deposit => ({
  id: r.id,
  amount: r.amount,
  utrNumber: r.utr_number,
  status: r.status,
  rejectionReason: r.rejection_reason,
  createdAt: r.created_at.toISOString(),
  decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
});

export const toTrade = (r: TradeRow): Trade => ({
  id: r.id,
  type: r.type,
  amount: r.amount,
  price: r.price,
  total: r.total,
  tds: r.tds,
  net: r.net,
  status: r.status,
  createdAt: r.created_at.toISOString(),
});

const userRef = (r: { user_id: string } & WithUser) => ({
  id: r.user_id,
  fullName: r.user_full_name,
  email: r.user_email,
});

export const toAdminDeposit = (r: DepositRow & WithUser): AdminDeposit => ({
  ...toDeposit(r),
  user: userRef(r),
});
export const toAdminTrade = (r: TradeRow & WithUser): AdminTrade => ({
  ...toTrade(r),
  user: userRef(r),
});
