ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'player' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "permissions" text[];--> statement-breakpoint
-- Today's owners (ADMIN_STEAM_IDS) become owners, today's admins admins with every permission.
UPDATE "users" SET "role" = CASE WHEN "is_owner" THEN 'owner' WHEN "is_admin" THEN 'admin' ELSE 'player' END WHERE "is_owner" OR "is_admin";--> statement-breakpoint
-- An owner was always an admin; a row that somehow was not is made consistent rather than refused.
UPDATE "users" SET "is_admin" = true WHERE "is_owner" AND NOT "is_admin";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role" CHECK ("users"."role" in ('owner', 'admin', 'moderator', 'player'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_flags" CHECK ("users"."is_admin" = ("users"."role" <> 'player') and (not "users"."is_owner" or "users"."role" = 'owner'));