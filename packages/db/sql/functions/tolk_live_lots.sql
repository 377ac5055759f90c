-- An organization's live lots in a billing period, the one place the rule is written: the
-- period's allowance lot (whatever it has left; its amount tells what the period has used) and
-- the top-up lots with credit left. The debit draws from those with credit left, in
-- tolk_lot_draw_order; the quota and the translation pre-check read them (readLiveLots).
CREATE OR REPLACE FUNCTION tolk_live_lots(p_org text, p_period_start timestamptz)
RETURNS TABLE (lot_id text, kind text, amount integer, remaining integer)
LANGUAGE sql STABLE AS $$
  SELECT l.id, l.kind, l.amount, l.remaining FROM credit_lots AS l
  WHERE l.org_id = p_org
    AND ((l.kind = 'top_up' AND l.remaining > 0) OR (l.kind = 'allowance' AND l.period_start = p_period_start))
$$;
