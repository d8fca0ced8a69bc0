-- A picture address made up from the game item's id (`/img/<id>.png`) is not a picture of the
-- product's own: it is the item's icon, which the shop serves only when DATA_DIR/img has the file or
-- ITEM_ICON_URL is set. Kept as if it were the product's own, it made every card and order line
-- whose icon is missing ask for a file that is not there. Now the icon is looked up when a product
-- or an order is read (modules/catalog/item-icons.ts), so those stored addresses go: where the icon
-- exists, the lookup gives the same address back.
UPDATE "order_items" AS "line" SET "image" = NULL
FROM "products" AS "product"
WHERE "line"."product_id" = "product"."id"
  AND "line"."image" = '/img/' || "product"."game_item_id" || '.png';
--> statement-breakpoint
UPDATE "products" SET "image" = NULL
WHERE "image" = '/img/' || "game_item_id" || '.png';
