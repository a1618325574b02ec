/**
 * The simulated market's opening snapshot: real INR pairs of Indian exchanges with prices,
 * 24 h changes and 24 h volumes of the order they trade at (USDT near ₹88; INR prices carry
 * the usual small premium over dollar prices × 88). Volume is INR traded in 24 h.
 * `dailyVol` is the typical daily move (standard deviation of log price); `decimals` is the
 * price tick the pair is quoted with.
 */
export interface SimulatedPair {
  market: string;
  price: number;
  change24h: number;
  volume24h: number;
  dailyVol: number;
  decimals: number;
}

type Row = [
  market: string,
  price: number,
  change24h: number,
  volume24h: number,
  dailyVol: number,
  decimals: number,
];

const CR = 10_000_000; // one crore rupees
const L = 100_000; // one lakh rupees

const rows: Row[] = [
  ['USDTINR', 88.15, 0.12, 92 * CR, 0.0025, 2],
  ['BTCINR', 9_842_310, 1.84, 48 * CR, 0.025, 0],
  ['ETHINR', 354_870.5, 2.71, 26 * CR, 0.035, 1],
  ['SOLINR', 16_912.4, 3.95, 9.5 * CR, 0.05, 1],
  ['XRPINR', 221.35, -1.42, 14 * CR, 0.045, 2],
  ['DOGEINR', 17.845, 4.62, 11 * CR, 0.06, 3],
  ['BNBINR', 88_412.7, 0.86, 3.2 * CR, 0.03, 1],
  ['ADAINR', 61.58, -2.14, 4.1 * CR, 0.05, 2],
  ['TRXINR', 29.412, 0.58, 2.6 * CR, 0.03, 3],
  ['POLINR', 19.386, -3.27, 2.2 * CR, 0.055, 3],
  ['DOTINR', 342.6, -1.08, 1.9 * CR, 0.05, 2],
  ['LTCINR', 8_874.3, 1.22, 2.4 * CR, 0.04, 1],
  ['SHIBINR', 0.001063, 2.35, 5.3 * CR, 0.06, 6],
  ['AVAXINR', 2_118.45, 3.41, 2.1 * CR, 0.055, 2],
  ['LINKINR', 1_583.2, 2.09, 2.3 * CR, 0.05, 2],
  ['BCHINR', 47_620.8, -0.64, 1.1 * CR, 0.04, 1],
  ['XLMINR', 29.147, -0.92, 95 * L, 0.045, 3],
  ['ATOMINR', 352.85, -1.66, 78 * L, 0.05, 2],
  ['UNIINR', 662.4, 1.48, 84 * L, 0.055, 2],
  ['NEARINR', 229.6, 4.12, 1.3 * CR, 0.06, 2],
  ['APTINR', 371.2, -2.43, 69 * L, 0.06, 2],
  ['ARBINR', 37.124, 1.97, 88 * L, 0.06, 3],
  ['OPINR', 57.38, -0.75, 61 * L, 0.06, 2],
  ['FILINR', 194.25, -1.31, 57 * L, 0.055, 2],
  ['ICPINR', 405.9, 0.44, 48 * L, 0.055, 2],
  ['ETCINR', 1_672.35, 0.97, 73 * L, 0.045, 2],
  ['HBARINR', 17.652, 5.28, 1.6 * CR, 0.06, 3],
  ['VETINR', 1.9436, -0.58, 42 * L, 0.05, 4],
  ['ALGOINR', 17.583, 1.07, 39 * L, 0.05, 3],
  ['SANDINR', 21.147, -2.86, 44 * L, 0.06, 3],
  ['MANAINR', 24.632, -1.94, 36 * L, 0.06, 3],
  ['AXSINR', 194.1, -0.37, 22 * L, 0.06, 2],
  ['AAVEINR', 22_930.6, 3.18, 1.2 * CR, 0.055, 1],
  ['INJINR', 1_057.4, -3.72, 58 * L, 0.065, 2],
  ['SUIINR', 282.35, 6.14, 3.4 * CR, 0.07, 2],
  ['PEPEINR', 0.0008362, 7.48, 6.8 * CR, 0.08, 7],
  ['FLOKIINR', 0.007914, -4.26, 1.4 * CR, 0.08, 6],
  ['TONINR', 246.7, -1.12, 1.1 * CR, 0.045, 2],
  ['WIFINR', 61.74, 8.35, 2.7 * CR, 0.09, 2],
  ['BONKINR', 0.001762, 5.61, 1.9 * CR, 0.09, 6],
  ['GALAINR', 1.3218, -2.51, 47 * L, 0.065, 4],
  ['CHZINR', 3.5247, 0.83, 33 * L, 0.055, 4],
  ['CRVINR', 61.92, 2.66, 52 * L, 0.065, 2],
  ['LDOINR', 96.84, -1.58, 41 * L, 0.06, 2],
  ['GRTINR', 7.0385, 1.39, 29 * L, 0.06, 4],
  ['FETINR', 52.86, 4.07, 96 * L, 0.07, 2],
  ['SEIINR', 24.618, -3.04, 64 * L, 0.07, 3],
  ['ENAINR', 52.74, 6.82, 1.5 * CR, 0.08, 2],
  ['TIAINR', 132.45, -2.19, 37 * L, 0.07, 2],
  ['USDCINR', 88.08, 0.05, 6.1 * CR, 0.0025, 2],
];

export const SIMULATED_PAIRS: readonly SimulatedPair[] = rows.map(
  ([market, price, change24h, volume24h, dailyVol, decimals]) => ({
    market,
    price,
    change24h,
    volume24h,
    dailyVol,
    decimals,
  }),
);
