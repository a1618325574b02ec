import { useEffect, useRef } from 'react';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  CrosshairMode,
  HistogramSeries,
  isUTCTimestamp,
  TickMarkType,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { format } from 'date-fns';
import type { Candle } from '@sikka/contracts';

/** The site's tokens (styles/index.css); the chart draws on a canvas, which cannot read CSS variables. */
const THEME = {
  surface: '#111826',
  line: '#243049',
  muted: '#9aa7bd',
  up: '#2ebd85',
  down: '#ff5c6f',
  accent: '#f5b52e',
} as const;

/** Axis labels in the viewer's own time zone (the chart's default would be UTC). */
function tickLabel(time: Time, type: TickMarkType): string | null {
  if (!isUTCTimestamp(time)) return null;
  const date = new Date(time * 1000);
  switch (type) {
    case TickMarkType.Year:
      return format(date, 'yyyy');
    case TickMarkType.Month:
      return format(date, 'MMM');
    case TickMarkType.DayOfMonth:
      return format(date, 'd MMM');
    default:
      return format(date, 'HH:mm');
  }
}

const crosshairLabel = (time: Time) =>
  isUTCTimestamp(time) ? format(new Date(time * 1000), 'd MMM yyyy, HH:mm') : '';

const asTime = (seconds: number) => seconds as UTCTimestamp;

function volumeBar(c: Candle) {
  return {
    time: asTime(c.time),
    value: c.volume,
    // Translucent so the volume sits behind the candles rather than competing with them.
    color: c.close >= c.open ? 'rgba(46, 189, 133, 0.35)' : 'rgba(255, 92, 111, 0.35)',
  };
}

function candleBar(c: Candle) {
  return { time: asTime(c.time), open: c.open, high: c.high, low: c.low, close: c.close };
}

export interface CandleChartProps {
  candles: readonly Candle[];
  /** Which pair and interval: a change redraws and scrolls to the latest candle. */
  seriesKey: string;
  /**
   * Changes when `candles` is a new read from the server (redrawn, the user's scroll kept),
   * not when a live price moved the last candle (only that bar is updated).
   */
  version: number;
  /** Places of the price axis. */
  decimals: number;
  /** Accessible description of what the chart shows. */
  label: string;
}

/** Candlesticks with volume below (lightweight-charts v5), sized by its container. */
export function CandleChart({ candles, seriesKey, version, decimals, label }: CandleChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const priceSeries = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volumeSeries = useRef<ISeriesApi<'Histogram'> | null>(null);
  const drawn = useRef<{ seriesKey: string; version: number; length: number } | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const c = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: THEME.surface },
        textColor: THEME.muted,
        fontFamily: getComputedStyle(element).fontFamily,
        fontSize: 11,
      },
      grid: {
        vertLines: { color: 'rgba(36, 48, 73, 0.6)' },
        horzLines: { color: 'rgba(36, 48, 73, 0.6)' },
      },
      crosshair: { mode: CrosshairMode.Normal },
      rightPriceScale: { borderColor: THEME.line, scaleMargins: { top: 0.08, bottom: 0.25 } },
      timeScale: {
        borderColor: THEME.line,
        timeVisible: true,
        secondsVisible: false,
        rightOffset: 4,
        tickMarkFormatter: tickLabel,
      },
      localization: { timeFormatter: crosshairLabel },
    });
    priceSeries.current = c.addSeries(CandlestickSeries, {
      upColor: THEME.up,
      downColor: THEME.down,
      wickUpColor: THEME.up,
      wickDownColor: THEME.down,
      borderVisible: false,
    });
    volumeSeries.current = c.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    // Volume in the bottom fifth, under the candles, on its own hidden scale.
    c.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 }, visible: false });
    chart.current = c;
    return () => {
      c.remove();
      chart.current = null;
      priceSeries.current = null;
      volumeSeries.current = null;
      drawn.current = null;
    };
  }, []);

  useEffect(() => {
    // The axis and its labels in Indian grouping, as every other price on the page.
    const grouped = new Intl.NumberFormat('en-IN', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    priceSeries.current?.applyOptions({
      priceFormat: {
        type: 'custom',
        minMove: 10 ** -decimals,
        formatter: (price: number) => grouped.format(price),
      },
    });
  }, [decimals]);

  useEffect(() => {
    const price = priceSeries.current;
    const volume = volumeSeries.current;
    if (!price || !volume) return;
    const last = candles.at(-1);
    const before = drawn.current;
    const sameRead = before?.seriesKey === seriesKey && before.version === version;
    const grew = before ? candles.length - before.length : 0;
    if (last && sameRead && (grew === 0 || grew === 1)) {
      // A live price moved the last bar, or started the next one.
      price.update(candleBar(last));
      volume.update(volumeBar(last));
    } else {
      price.setData(candles.map(candleBar));
      volume.setData(candles.map(volumeBar));
      // A new pair or interval opens at the latest candles; a re-read keeps the user's scroll.
      if (before?.seriesKey !== seriesKey) chart.current?.timeScale().scrollToRealTime();
    }
    drawn.current = { seriesKey, version, length: candles.length };
  }, [candles, seriesKey, version]);

  return (
    <div
      ref={container}
      role="img"
      aria-label={label}
      className="size-full min-h-0"
      data-testid="price-chart"
      data-candles={candles.length}
      data-last-close={candles.at(-1)?.close}
    />
  );
}
