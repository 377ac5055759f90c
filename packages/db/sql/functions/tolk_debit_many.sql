-- Group commit of debits (packages/domain/src/billing/debit-group-commit.ts), and the debit's
-- rules: all or nothing per debit; the live lots (tolk_live_lots) drawn in tolk_lot_draw_order
-- (this period's allowance, then top-up lots oldest first); idempotent per operation key, also
-- within one batch; usage events in the same transaction.
--
-- Items: [{"org","key","amount","allowance","period_start","period_end","now","usage"}], ordered
-- by organization by the caller, so every batch takes organization row locks in the same order
-- and concurrent batches (several instances on one PostgreSQL) cannot deadlock. Consecutive
-- items of one organization and period form a group: the organization is locked and its live
-- lots read once, the draws are computed in memory, then the group's debits, lot updates,
-- ledger entries and usage events are written with one statement each (rows collected in
-- arrays, so no per-item statement runs). Each group runs in its own subtransaction: if a
-- group fails, its items reply {"failed": "<message>"} and nothing of it is written; the other
-- groups are unaffected.
-- Returns one reply per item, in order: {"debit_id","amount","replayed","drawn":[{"lot_id",
-- "amount"}]}, {"insufficient": true, "available": n} (nothing taken), {"error":
-- "org_not_found"} or {"failed": "<message>"}.
CREATE OR REPLACE FUNCTION tolk_debit_many(p_items jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
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
  v_available bigint;
  v_now timestamptz;
  v_debit text;
  v_drawn jsonb;
  v_reply jsonb;
  v_at integer;
  v_allowance_lot text;
  v_lot_ids text[];
  v_remaining integer[];
  v_before integer[];
  v_replayed jsonb;
  -- Debits paid in this group: item index, key, id, amount, time.
  v_paid integer[];
  v_paid_keys text[];
  v_debit_ids text[];
  v_debit_amounts integer[];
  v_debit_at timestamptz[];
  -- Ledger rows: lot, debit, amount (negative), time.
  v_led_lots text[];
  v_led_debits text[];
  v_led_amounts integer[];
  v_led_at timestamptz[];
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
          v_allowance_lot := tolk_new_id('lot');
          INSERT INTO credit_lots (id, org_id, kind, amount, remaining, period_start, period_end, created_at)
            VALUES (v_allowance_lot, v_org, 'allowance', (v_first->>'allowance')::integer, (v_first->>'allowance')::integer,
                    v_period::timestamptz, (v_first->>'period_end')::timestamptz, v_period::timestamptz);
          INSERT INTO credit_ledger (id, org_id, lot_id, entry_type, amount, created_at)
            VALUES (tolk_new_id('led'), v_org, v_allowance_lot, 'grant',
                    (v_first->>'allowance')::integer, v_period::timestamptz);
        END IF;

        -- The live lots with credit left, in drawing order.
        SELECT coalesce(array_agg(l.lot_id ORDER BY o.draw_rank), '{}'),
               coalesce(array_agg(l.remaining ORDER BY o.draw_rank), '{}'),
               coalesce(sum(l.remaining), 0)
          INTO v_lot_ids, v_remaining, v_available
          FROM tolk_live_lots(v_org, v_period::timestamptz) AS l JOIN tolk_lot_draw_order(v_org) AS o ON o.lot_id = l.lot_id
          WHERE l.remaining > 0;
        v_before := v_remaining;

        -- Operations debited before (replays), with what they drew.
        v_replayed := '{}'::jsonb;
        FOR v_row IN
          SELECT d.id, d.operation_key, d.amount FROM credit_debits d
            WHERE d.org_id = v_org
              AND d.operation_key IN (SELECT p_items->i->>'key' FROM generate_series(v_start, v_end - 1) AS i)
        LOOP
          v_replayed := v_replayed || jsonb_build_object(v_row.operation_key, jsonb_build_object(
            'debit_id', v_row.id, 'amount', v_row.amount, 'replayed', true,
            'drawn', coalesce((
              SELECT jsonb_agg(jsonb_build_object('lot_id', lot_id, 'amount', -amount))
              FROM credit_ledger WHERE debit_id = v_row.id AND entry_type = 'debit'
            ), '[]'::jsonb)));
        END LOOP;

        v_paid := '{}'; v_paid_keys := '{}'; v_debit_ids := '{}'; v_debit_amounts := '{}'; v_debit_at := '{}';
        v_led_lots := '{}'; v_led_debits := '{}'; v_led_amounts := '{}'; v_led_at := '{}';
        FOR v_k IN v_start..v_end - 1 LOOP
          v_item := p_items->v_k;
          v_key := v_item->>'key';
          v_amount := (v_item->>'amount')::integer;
          v_at := array_position(v_paid_keys, v_key);
          IF v_replayed ? v_key THEN
            v_replies[v_k + 1] := v_replayed->v_key;
          ELSIF v_at IS NOT NULL THEN
            -- The same operation twice in one batch: the second is a replay of the first.
            v_replies[v_k + 1] := v_replies[v_paid[v_at] + 1] || '{"replayed": true}'::jsonb;
          ELSIF v_available < v_amount THEN
            v_replies[v_k + 1] := jsonb_build_object('insufficient', true, 'available', v_available);
          ELSE
            v_now := (v_item->>'now')::timestamptz;
            v_debit := tolk_new_id('dbt');
            v_paid := array_append(v_paid, v_k);
            v_paid_keys := array_append(v_paid_keys, v_key);
            v_debit_ids := array_append(v_debit_ids, v_debit);
            v_debit_amounts := array_append(v_debit_amounts, v_amount);
            v_debit_at := array_append(v_debit_at, v_now);
            v_left := v_amount;
            v_drawn := '[]'::jsonb;
            FOR v_lot IN 1..coalesce(array_length(v_lot_ids, 1), 0) LOOP
              EXIT WHEN v_left = 0;
              v_take := least(v_remaining[v_lot], v_left);
              CONTINUE WHEN v_take = 0;
              v_remaining[v_lot] := v_remaining[v_lot] - v_take;
              v_left := v_left - v_take;
              v_led_lots := array_append(v_led_lots, v_lot_ids[v_lot]);
              v_led_debits := array_append(v_led_debits, v_debit);
              v_led_amounts := array_append(v_led_amounts, -v_take);
              v_led_at := array_append(v_led_at, v_now);
              v_drawn := v_drawn || jsonb_build_object('lot_id', v_lot_ids[v_lot], 'amount', v_take);
            END LOOP;
            v_available := v_available - v_amount;
            v_replies[v_k + 1] := jsonb_build_object('debit_id', v_debit, 'amount', v_amount, 'replayed', false, 'drawn', v_drawn);
          END IF;
        END LOOP;

        INSERT INTO credit_debits (id, org_id, operation_key, amount, created_at)
          SELECT d.id, v_org, d.key, d.amount, d.at
          FROM unnest(v_debit_ids, v_paid_keys, v_debit_amounts, v_debit_at) AS d(id, key, amount, at);
        UPDATE credit_lots AS l SET remaining = u.remaining
          FROM unnest(v_lot_ids, v_remaining, v_before) AS u(id, remaining, before)
          WHERE l.id = u.id AND u.remaining <> u.before;
        INSERT INTO credit_ledger (id, org_id, lot_id, debit_id, entry_type, amount, created_at)
          SELECT tolk_new_id('led'), v_org, e.lot, e.debit, 'debit', e.amount, e.at
          FROM unnest(v_led_lots, v_led_debits, v_led_amounts, v_led_at) AS e(lot, debit, amount, at);
        INSERT INTO usage_events (id, org_id, request_id, kind, source_lang, target_lang, characters, credits, api_key_id, created_at)
          SELECT tolk_new_id('use'), v_org, u.request_id, u.kind, u.source_lang,
                 u.target_lang, u.characters, u.credits, u.api_key_id, (p_items->p.i->>'now')::timestamptz
          FROM unnest(v_paid) AS p(i)
          CROSS JOIN LATERAL jsonb_to_recordset(
            CASE WHEN jsonb_typeof(p_items->p.i->'usage') = 'array' THEN p_items->p.i->'usage' ELSE '[]'::jsonb END
          ) AS u(request_id text, kind text, source_lang text, target_lang text, characters integer, credits integer, api_key_id text);
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
