-- One statement per billed operation: the hot path of every translation. The debit's rules
-- (all or nothing; this period's allowance first, then top-up lots oldest first; idempotent per
-- operation key; usage events in the same transaction) live here, and only here, so a bill is
-- one round trip instead of ten. packages/domain/src/billing/debit-credits.ts calls it.
-- Returns {"debit_id", "replayed", "drawn": [{"lot_id","amount"}]}, or {"insufficient": true,
-- "available": n} (nothing taken), or {"error": "org_not_found"}.
CREATE FUNCTION tolk_debit(
  p_org text,
  p_key text,
  p_amount integer,
  p_allowance integer,
  p_period_start timestamptz,
  p_period_end timestamptz,
  p_now timestamptz,
  p_usage jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_debit text;
  v_allowance_lot text;
  v_available integer;
  v_left integer := p_amount;
  v_take integer;
  v_drawn jsonb := '[]'::jsonb;
  v_lot record;
BEGIN
  -- Every credit change of one organization runs one at a time, on its row lock.
  PERFORM 1 FROM organizations WHERE id = p_org FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('error', 'org_not_found');
  END IF;

  SELECT id INTO v_debit FROM credit_debits WHERE org_id = p_org AND operation_key = p_key;
  IF FOUND THEN
    RETURN jsonb_build_object(
      'debit_id', v_debit,
      'amount', (SELECT amount FROM credit_debits WHERE id = v_debit),
      'replayed', true,
      'drawn', coalesce((
        SELECT jsonb_agg(jsonb_build_object('lot_id', lot_id, 'amount', -amount))
        FROM credit_ledger WHERE debit_id = v_debit AND entry_type = 'debit'
      ), '[]'::jsonb)
    );
  END IF;

  -- The period's allowance lot, created by the first operation that needs it.
  SELECT id INTO v_allowance_lot FROM credit_lots
    WHERE org_id = p_org AND kind = 'allowance' AND period_start = p_period_start;
  IF NOT FOUND THEN
    v_allowance_lot := 'lot_' || replace(gen_random_uuid()::text, '-', '');
    INSERT INTO credit_lots (id, org_id, kind, amount, remaining, period_start, period_end, created_at)
      VALUES (v_allowance_lot, p_org, 'allowance', p_allowance, p_allowance, p_period_start, p_period_end, p_period_start);
    INSERT INTO credit_ledger (id, org_id, lot_id, entry_type, amount, created_at)
      VALUES ('led_' || replace(gen_random_uuid()::text, '-', ''), p_org, v_allowance_lot, 'grant', p_allowance, p_period_start);
  END IF;

  SELECT coalesce(sum(remaining), 0) INTO v_available FROM credit_lots
    WHERE org_id = p_org AND remaining > 0 AND (kind = 'top_up' OR id = v_allowance_lot);
  IF v_available < p_amount THEN
    RETURN jsonb_build_object('insufficient', true, 'available', v_available);
  END IF;

  v_debit := 'dbt_' || replace(gen_random_uuid()::text, '-', '');
  INSERT INTO credit_debits (id, org_id, operation_key, amount, created_at)
    VALUES (v_debit, p_org, p_key, p_amount, p_now);

  FOR v_lot IN
    SELECT id, remaining FROM credit_lots
      WHERE org_id = p_org AND remaining > 0 AND (kind = 'top_up' OR id = v_allowance_lot)
      ORDER BY (kind = 'allowance') DESC, created_at, id
  LOOP
    EXIT WHEN v_left = 0;
    v_take := least(v_lot.remaining, v_left);
    v_left := v_left - v_take;
    UPDATE credit_lots SET remaining = remaining - v_take WHERE id = v_lot.id;
    INSERT INTO credit_ledger (id, org_id, lot_id, debit_id, entry_type, amount, created_at)
      VALUES ('led_' || replace(gen_random_uuid()::text, '-', ''), p_org, v_lot.id, v_debit, 'debit', -v_take, p_now);
    v_drawn := v_drawn || jsonb_build_object('lot_id', v_lot.id, 'amount', v_take);
  END LOOP;

  IF p_usage IS NOT NULL THEN
    INSERT INTO usage_events (id, org_id, request_id, kind, source_lang, target_lang, characters, credits, created_at)
      SELECT 'use_' || replace(gen_random_uuid()::text, '-', ''), p_org, u.request_id, u.kind, u.source_lang,
             u.target_lang, u.characters, u.credits, p_now
      FROM jsonb_to_recordset(p_usage) AS u(request_id text, kind text, source_lang text, target_lang text, characters integer, credits integer);
  END IF;

  RETURN jsonb_build_object('debit_id', v_debit, 'amount', p_amount, 'replayed', false, 'drawn', v_drawn);
END
$$;
