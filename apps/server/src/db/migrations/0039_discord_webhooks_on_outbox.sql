-- Discord webhooks move onto the one notification outbox (docs/decisions/0038-notification-outbox.md):
-- each enabled webhook becomes a destination with the same events (renamed: delivery -> delivery_failed,
-- reversal -> chargeback; wipes are no longer told), its unsent messages keep waiting there, and the
-- event scan goes on from where the Discord scan had read.
INSERT INTO "notification_destinations" ("channel", "target", "name", "events", "created_at")
SELECT 'discord', 'https://discord.com/api/webhooks/' || w."webhook_id" || '/' || w."webhook_token", w."name",
  array(SELECT CASE e WHEN 'delivery' THEN 'delivery_failed' WHEN 'reversal' THEN 'chargeback' ELSE e END
        FROM unnest(w."events") AS e WHERE e <> 'wipe'),
  w."created_at"
FROM "discord_webhooks" w WHERE w."enabled"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "notification_outbox" ("channel", "target", "destination_id", "event", "event_key", "payload", "attempts", "next_attempt_at", "created_at")
SELECT 'discord', d."target", d."id",
  CASE split_part(o."event_key", ':', 1)
    WHEN 'order' THEN 'purchase' WHEN 'payment' THEN 'topup' WHEN 'chat' THEN 'support'
    WHEN 'reversal' THEN 'chargeback' ELSE 'delivery_failed' END,
  o."event_key", o."payload", o."attempts", o."next_attempt_at", o."created_at"
FROM "discord_outbox" o
JOIN "discord_webhooks" w ON w."id" = o."webhook_id"
JOIN "notification_destinations" d ON d."channel" = 'discord'
  AND d."target" = 'https://discord.com/api/webhooks/' || w."webhook_id" || '/' || w."webhook_token"
WHERE o."status" = 'pending' AND o."event_key" NOT LIKE 'wipe:%'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "notification_cursors" ("source", "scanned_until")
SELECT "source", "scanned_until" FROM "discord_event_cursors"
WHERE "source" IN ('orders', 'payments', 'chat', 'failed deliveries', 'stuck deliveries', 'reversals')
ON CONFLICT ("source") DO NOTHING;--> statement-breakpoint
DROP TABLE "discord_event_cursors" CASCADE;--> statement-breakpoint
DROP TABLE "discord_outbox" CASCADE;--> statement-breakpoint
DROP TABLE "discord_webhooks" CASCADE;