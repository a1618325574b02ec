-- A spot batch in one statement (issue 17, ADR 030): accept and settle in one round trip.
--
-- Until now a batch cost two round trips in a row: spot_accept, then (after the engine had
-- matched the accepted orders in memory) spot_settle with COMMIT. While each was on the wire
-- and waiting for the server's event loop, the market's writer did nothing: about half of a
-- batch's time was spent outside the two functions.
--
-- The engine now matches a batch of limit orders (and market sells) before PostgreSQL has
-- accepted them, as if every order will be, and sends "BEGIN; SELECT spot_batch(…); COMMIT"
-- in one message. spot_batch runs spot_accept, and only when it accepted every order runs
-- spot_settle with the engine's fills: both unchanged, so what is checked, reserved, written
-- and rounded is exactly 025's and 027's. When any order is refused (funds, KYC, an ended
-- session, a replayed Idempotency-Key) it raises SK021 and the whole transaction rolls back:
-- nothing was written, the engine takes its matching back (OrderBook.undo) and runs the batch
-- the two-step way, where the refused orders get their answers. DETAIL names the refused
-- orders, so the engine stops guessing for their users for a while.
--
-- A market buy is never guessed: how much it may spend comes from spot_accept (maxQuoteUnits).

CREATE FUNCTION spot_batch(p_market text, p_epoch bigint, p_orders jsonb, p_now timestamptz,
                           p_fills jsonb, p_updates jsonb, p_channels text[], p_payloads text[])
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_accepted jsonb := spot_accept(p_market, p_epoch, p_orders, p_now);
  v_refused text;
BEGIN
  SELECT string_agg(a->>'id', ',') INTO v_refused
    FROM jsonb_array_elements(v_accepted) AS a
   WHERE NOT (a->>'ok')::boolean OR a ? 'maxQuoteUnits';
  IF v_refused IS NOT NULL THEN
    RAISE EXCEPTION 'Batch of % was matched before an order was refused', p_market
      USING ERRCODE = 'SK021', DETAIL = v_refused;
  END IF;
  RETURN spot_settle(p_market, p_epoch, p_fills, p_updates, p_channels, p_payloads);
END;
$$;
