-- One debit: tolk_debit_many with one item, so the debit rules exist once.
-- Returns that item's reply (see tolk_debit_many.sql).
CREATE OR REPLACE FUNCTION tolk_debit(
  p_org text,
  p_key text,
  p_amount integer,
  p_allowance integer,
  p_period_start timestamptz,
  p_period_end timestamptz,
  p_now timestamptz,
  p_usage jsonb
) RETURNS jsonb LANGUAGE sql AS $$
  SELECT tolk_debit_many(jsonb_build_array(jsonb_build_object(
    'org', p_org, 'key', p_key, 'amount', p_amount, 'allowance', p_allowance,
    'period_start', p_period_start, 'period_end', p_period_end, 'now', p_now, 'usage', p_usage)))->0;
$$;
