-- Kits as products: a product with kit_items ([{gameItemName, amount}], one kit's lines in giving
-- order) is bought as one product and delivered as ONE job whose payload is of kind 'kit' (its lines
-- times the quantity bought). A nullable column without a default: adding it rewrites no row and
-- every existing product stays what it was (not a kit).
ALTER TABLE "products" ADD COLUMN "kit_items" jsonb;--> statement-breakpoint
-- A job's size in the units the plugin counts (migration 0013): items of a give job, commands of a
-- commands job, and now the items of every line of a kit job. Give and commands jobs are counted
-- exactly as before.
CREATE OR REPLACE FUNCTION delivery_job_amount(payload jsonb) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE payload->>'kind'
    WHEN 'give' THEN (payload->>'stackSize')::int * (payload->>'stacks')::int
    WHEN 'kit' THEN (SELECT coalesce(sum((line->>'amount')::int), 0)::int
                     FROM jsonb_array_elements(payload->'items') AS line)
    ELSE jsonb_array_length(payload->'commands') END
$$;
--> statement-breakpoint
-- `progress` of a plugin job from its saved units: whole stacks of a give job, commands of a
-- commands job, and the saved items of a kit job (its lines have no one stack size to divide by).
CREATE OR REPLACE FUNCTION delivery_job_progress(payload jsonb, saved integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN payload->>'kind' = 'give'
    THEN saved / (payload->>'stackSize')::int
    ELSE saved END
$$;
