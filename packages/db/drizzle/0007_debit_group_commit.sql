-- Group commit of debits (packages/domain/src/billing/debit-group-commit.ts): the debits of
-- concurrent billed requests are written together, with one statement and one commit, and the
-- work per debit shrinks from about ten statements to a share of seven per organization.
--
-- tolk_debit_many is now where the debit rules live (all or nothing per debit; this period's
-- allowance first, then top-up lots oldest first; idempotent per operation key, also within one
-- batch; usage events in the same transaction). tolk_debit, the single-debit entry point of
-- migration 0003, becomes a call of it with one item, so the rules exist once.
--
-- Items: [{"org","key","amount","allowance","period_start","period_end","now","usage"}], ordered
-- by organization by the caller, so every batch takes organization row locks in the same order
-- and concurrent batches (several instances on one PostgreSQL) cannot deadlock. Consecutive
-- items of one organization and period form a group: the organization is locked and its live
-- lots read once, the draws are computed in memory, then the group's debits, lot updates,
-- ledger entries and usage events are written with one statement each. Each group runs in its
-- own subtransaction: if a group fails, its items reply {"failed": "<message>"} and nothing of
-- it is written; the other groups are unaffected.
-- Returns one reply per item, in order: {"debit_id","amount","replayed","drawn":[{"lot_id",
-- "amount"}]}, {"insufficient": true, "available": n} (nothing taken), {"error":
-- "org_not_found"} or {"failed": "<message>"}.
CREATE FUNCTION tolk_debit_many(p_items jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_n integer := jsonb_array_length(p_items);
  v_replies jsonb[] := array_fill(NULL::jsonb, ARRAY[v_n]);
  v_start integer := 0;
  v_end integer;
  v_k integer;
  v_lot integer;
  v_org text;
  v_period text;
  v_first jsonb;
  v_item jsonb;
  v_key text;
  v_amount integer;
  v_left integer;
  v_take integer;
  v_now timestamptz;
  v_debit text;
  v_drawn jsonb;
  v_allowance_lot text;
  v_lot_ids text[];
  v_remaining integer[];
  v_before integer[];
  v_done jsonb;
  v_debits jsonb;
  v_ledger jsonb;
  v_usage jsonb;
  v_row record;
BEGIN
  WHILE v_start < v_n LOOP
    v_first := p_items->v_start;
    v_org := v_first->>'org';
    v_period := v_first->>'period_start';
    v_end := v_start + 1;
    WHILE v_end < v_n AND p_items->v_end->>'org' = v_org AND p_items->v_end->>'period_start' = v_period LOOP
      v_end := v_end + 1;
    END LOOP;

    BEGIN
      -- Every credit change of one organization runs one at a time, on its row lock.
      PERFORM 1 FROM organizations WHERE id = v_org FOR UPDATE;
      IF NOT FOUND THEN
        FOR v_k IN v_start..v_end - 1 LOOP
          v_replies[v_k + 1] := jsonb_build_object('error', 'org_not_found');
        END LOOP;
      ELSE
        -- The period's allowance lot, created by the first operation that needs it.
        SELECT id INTO v_allowance_lot FROM credit_lots
          WHERE org_id = v_org AND kind = 'allowance' AND period_start = v_period::timestamptz;
        IF NOT FOUND THEN
          v_allowance_lot := 'lot_' || replace(gen_random_uuid()::text, '-', '');
          INSERT INTO credit_lots (id, org_id, kind, amount, remaining, period_start, period_end, created_at)
            VALUES (v_allowance_lot, v_org, 'allowance', (v_first->>'allowance')::integer, (v_first->>'allowance')::integer,
                    v_period::timestamptz, (v_first->>'period_end')::timestamptz, v_period::timestamptz);
          INSERT INTO credit_ledger (id, org_id, lot_id, entry_type, amount, created_at)
            VALUES ('led_' || replace(gen_random_uuid()::text, '-', ''), v_org, v_allowance_lot, 'grant',
                    (v_first->>'allowance')::integer, v_period::timestamptz);
        END IF;

        -- The live lots in drawing order: the allowance, then top-ups oldest first.
        SELECT coalesce(array_agg(id ORDER BY (kind = 'allowance') DESC, created_at, id), '{}'),
               coalesce(array_agg(remaining ORDER BY (kind = 'allowance') DESC, created_at, id), '{}')
          INTO v_lot_ids, v_remaining
          FROM credit_lots
          WHERE org_id = v_org AND remaining > 0 AND (kind = 'top_up' OR id = v_allowance_lot);
        v_before := v_remaining;

        -- Operations debited before (replays), with what they drew.
        v_done := '{}'::jsonb;
        FOR v_row IN
          SELECT d.id, d.operation_key, d.amount FROM credit_debits d
            WHERE d.org_id = v_org
              AND d.operation_key IN (SELECT p_items->i->>'key' FROM generate_series(v_start, v_end - 1) AS i)
        LOOP
          v_done := v_done || jsonb_build_object(v_row.operation_key, jsonb_build_object(
            'debit_id', v_row.id, 'amount', v_row.amount,
            'drawn', coalesce((
              SELECT jsonb_agg(jsonb_build_object('lot_id', lot_id, 'amount', -amount))
              FROM credit_ledger WHERE debit_id = v_row.id AND entry_type = 'debit'
            ), '[]'::jsonb)));
        END LOOP;

        v_debits := '[]'::jsonb;
        v_ledger := '[]'::jsonb;
        v_usage := '[]'::jsonb;
        FOR v_k IN v_start..v_end - 1 LOOP
          v_item := p_items->v_k;
          v_key := v_item->>'key';
          v_amount := (v_item->>'amount')::integer;
          v_now := (v_item->>'now')::timestamptz;
          IF v_done ? v_key THEN
            v_replies[v_k + 1] := (v_done->v_key) || jsonb_build_object('replayed', true);
          ELSIF (SELECT coalesce(sum(r), 0) FROM unnest(v_remaining) AS r) < v_amount THEN
            v_replies[v_k + 1] := jsonb_build_object('insufficient', true,
              'available', (SELECT coalesce(sum(r), 0) FROM unnest(v_remaining) AS r));
          ELSE
            v_debit := 'dbt_' || replace(gen_random_uuid()::text, '-', '');
            v_debits := v_debits || jsonb_build_array(jsonb_build_object('id', v_debit, 'key', v_key, 'amount', v_amount, 'at', v_now));
            v_left := v_amount;
            v_drawn := '[]'::jsonb;
            FOR v_lot IN 1..coalesce(array_length(v_lot_ids, 1), 0) LOOP
              EXIT WHEN v_left = 0;
              v_take := least(v_remaining[v_lot], v_left);
              CONTINUE WHEN v_take = 0;
              v_remaining[v_lot] := v_remaining[v_lot] - v_take;
              v_left := v_left - v_take;
              v_ledger := v_ledger || jsonb_build_array(jsonb_build_object(
                'id', 'led_' || replace(gen_random_uuid()::text, '-', ''), 'lot', v_lot_ids[v_lot],
                'debit', v_debit, 'amount', -v_take, 'at', v_now));
              v_drawn := v_drawn || jsonb_build_object('lot_id', v_lot_ids[v_lot], 'amount', v_take);
            END LOOP;
            IF jsonb_typeof(v_item->'usage') = 'array' THEN
              v_usage := v_usage || (SELECT coalesce(jsonb_agg(u || jsonb_build_object('at', v_now)), '[]'::jsonb)
                                      FROM jsonb_array_elements(v_item->'usage') AS u);
            END IF;
            v_done := v_done || jsonb_build_object(v_key, jsonb_build_object('debit_id', v_debit, 'amount', v_amount, 'drawn', v_drawn));
            v_replies[v_k + 1] := jsonb_build_object('debit_id', v_debit, 'amount', v_amount, 'replayed', false, 'drawn', v_drawn);
          END IF;
        END LOOP;

        INSERT INTO credit_debits (id, org_id, operation_key, amount, created_at)
          SELECT d->>'id', v_org, d->>'key', (d->>'amount')::integer, (d->>'at')::timestamptz
          FROM jsonb_array_elements(v_debits) AS d;
        UPDATE credit_lots AS l SET remaining = u.remaining
          FROM unnest(v_lot_ids, v_remaining, v_before) AS u(id, remaining, before)
          WHERE l.id = u.id AND u.remaining <> u.before;
        INSERT INTO credit_ledger (id, org_id, lot_id, debit_id, entry_type, amount, created_at)
          SELECT e->>'id', v_org, e->>'lot', e->>'debit', 'debit', (e->>'amount')::integer, (e->>'at')::timestamptz
          FROM jsonb_array_elements(v_ledger) AS e;
        INSERT INTO usage_events (id, org_id, request_id, kind, source_lang, target_lang, characters, credits, created_at)
          SELECT 'use_' || replace(gen_random_uuid()::text, '-', ''), v_org, u.request_id, u.kind, u.source_lang,
                 u.target_lang, u.characters, u.credits, u.at
          FROM jsonb_to_recordset(v_usage) AS u(request_id text, kind text, source_lang text, target_lang text,
                                                characters integer, credits integer, at timestamptz);
      END IF;
    EXCEPTION WHEN OTHERS THEN
      FOR v_k IN v_start..v_end - 1 LOOP
        v_replies[v_k + 1] := jsonb_build_object('failed', SQLERRM);
      END LOOP;
    END;
    v_start := v_end;
  END LOOP;
  RETURN to_jsonb(v_replies);
END
$$;
--> statement-breakpoint
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
