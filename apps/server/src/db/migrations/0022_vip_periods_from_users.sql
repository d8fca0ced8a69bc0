-- Each VIP held before terms existed becomes one running term with the same end, server and revoke
-- commands; its grant already ran. The expiry sweep ends those whose time is up as before.
INSERT INTO "vip_periods" ("user_id", "tier", "server_id", "state", "position", "started_at",
  "ends_at", "first_started_at", "grant_commands", "revoke_commands")
SELECT "id", "vip_status", "vip_server_id", 'running', 0, now(),
  coalesce("vip_expires_at", now()), now(), '', coalesce("vip_revoke_commands", '')
FROM "users"
WHERE "vip_status" IS NOT NULL;
