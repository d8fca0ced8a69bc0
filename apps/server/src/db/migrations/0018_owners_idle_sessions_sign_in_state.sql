-- Sessions end after SESSION_IDLE_DAYS unused as well as at their sign-in's hard end. Sessions open
-- before this migration get the default 14 days from now (never past their own end), so nobody is
-- signed out by the upgrade.
ALTER TABLE "sessions" ADD COLUMN "idle_expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sessions" SET "idle_expires_at" = least("expires_at", now() + interval '14 days');--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "idle_expires_at" SET NOT NULL;--> statement-breakpoint
-- A sign-in code is bound to the browser that started the sign-in. Codes live a minute; the few
-- in flight during the upgrade have no state to check, so they go and their players sign in again.
DELETE FROM "sign_in_codes";--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD COLUMN "state_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The purchase statement's own check of the session (migrations 0010, 0011) counts idleness too.
CREATE OR REPLACE FUNCTION "sessions_live_user"(p_token_hash text) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT user_id FROM sessions
          WHERE token_hash = p_token_hash AND revoked_at IS NULL AND expires_at > now()
            AND idle_expires_at > now());
END
$$;
