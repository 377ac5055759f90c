-- The order an organization's credit lots are drawn in, the one place it is written: the
-- allowance first, then top-up lots oldest first. A debit only draws this period's allowance
-- lot; a refund gives credits back in the reverse of this order.
CREATE OR REPLACE FUNCTION tolk_lot_draw_order(p_org text) RETURNS TABLE (lot_id text, draw_rank bigint)
LANGUAGE sql STABLE AS $$
  SELECT id, row_number() OVER (ORDER BY (kind = 'allowance') DESC, created_at, id)
  FROM credit_lots WHERE org_id = p_org
$$;
