// PlayerInventory.GiveItem and Item.MoveToContainer as the December 2025 server has them
// (SeiferUwU/RustServerManaged Assembly-CSharp/PlayerInventory.cs, Item.cs), for the main inventory
// and the belt (no backpack, no wear container):
//   GiveItem tries the ideal container (the belt if the belt already holds the item, else main if
//   main holds it, else the belt for a usable item), then main, then the belt.
//   MoveToContainer first tops up the container's partial stacks of the same item and skin, the
//   highest slot first, lowering item.amount, and only then takes the first empty slot that accepts
//   it. What was merged stays merged when no slot is found.
// The "refuse" rule stands in for another plugin's CanAcceptItem: it refuses the shortname in an
// empty slot (merging into existing stacks still happens).
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace RustStandIn
{
    internal sealed class Inventory
    {
        public string RefusedShortname;

        public bool Give(PlayerInventory inventory, Item item, ItemContainer container)
        {
            if (item == null)
            {
                return false;
            }
            int amount = item.amount;
            int merged = 0;
            ItemContainer placed = null;
            if (container == null)
            {
                container = IdealContainer(inventory, item);
            }
            bool accepted = (container != null && Move(item, container, ref merged, ref placed))
                || Move(item, inventory.containerMain, ref merged, ref placed)
                || Move(item, inventory.containerBelt, ref merged, ref placed);
            Events.Emit("give", "steamId", inventory.owner.UserIDString, "shortname", item.info.shortname,
                "amount", amount, "accepted", accepted, "merged", merged,
                "container", placed == null ? null : placed.kind, "slot", placed == null ? (int?)null : item.position);
            return accepted;
        }

        private static ItemContainer IdealContainer(PlayerInventory inventory, Item item)
        {
            if (item.info.stackable > 1)
            {
                if (Holds(inventory.containerBelt, item.info.itemid))
                {
                    return inventory.containerBelt;
                }
                if (Holds(inventory.containerMain, item.info.itemid))
                {
                    return inventory.containerMain;
                }
            }
            return ItemTable.IsUsable(item.info) ? inventory.containerBelt : null;
        }

        private static bool Holds(ItemContainer container, int itemid)
        {
            return container.itemList.Exists(i => i.info.itemid == itemid);
        }

        private bool Move(Item item, ItemContainer container, ref int merged, ref ItemContainer placed)
        {
            BasePlayer owner = container.owner.owner;
            if (owner.IsDead() && item.parent != null)
            {
                return false;
            }
            while (item.info.stackable > 1)
            {
                Item stack = null;
                foreach (Item candidate in container.itemList)
                {
                    if (candidate != item && candidate.info.itemid == item.info.itemid && candidate.skin == item.skin &&
                        candidate.amount < candidate.info.stackable && (stack == null || candidate.position > stack.position))
                    {
                        stack = candidate;
                    }
                }
                if (stack == null)
                {
                    break;
                }
                int moved = System.Math.Min(stack.info.stackable - stack.amount, item.amount);
                stack.amount += moved;
                item.amount -= moved;
                merged += moved;
                if (item.amount <= 0)
                {
                    item.Remove();
                    return true;
                }
            }
            if (container == item.parent)
            {
                return false;
            }
            for (int slot = 0; slot < container.capacity; slot++)
            {
                if (container.GetSlot(slot) == null && RefusedShortname != item.info.shortname)
                {
                    item.RemoveFromContainer();
                    container.Insert(item, slot);
                    placed = container;
                    return true;
                }
            }
            return false;
        }

        /// <summary>Replaces a player's main inventory and belt, item by item, without merging.</summary>
        public static void Set(PlayerInventory inventory, JArray items)
        {
            inventory.containerMain.itemList.Clear();
            inventory.containerBelt.itemList.Clear();
            foreach (JToken entry in items ?? new JArray())
            {
                ItemDefinition definition = ItemTable.Require((string)entry["shortname"]);
                ItemContainer container = (string)entry["container"] == "belt" ? inventory.containerBelt : inventory.containerMain;
                int slot = entry["slot"] != null ? (int)entry["slot"] : FirstEmpty(container);
                if (slot < 0 || slot >= container.capacity || container.GetSlot(slot) != null)
                {
                    throw new System.ArgumentException("no free slot " + slot + " in " + container.kind + " for " + definition.shortname);
                }
                Item item = ItemManager.Create(definition, entry["amount"] != null ? (int)entry["amount"] : 1,
                    entry["skin"] != null ? (ulong)entry["skin"] : 0UL);
                if (item == null)
                {
                    throw new System.ArgumentException("an item needs an amount of at least 1: " + definition.shortname);
                }
                container.Insert(item, slot);
            }
        }

        /// <summary>Main then belt, each by slot: [{shortname, amount, container, slot, skin?}].</summary>
        public static JArray List(PlayerInventory inventory)
        {
            var list = new JArray();
            foreach (ItemContainer container in new[] { inventory.containerMain, inventory.containerBelt })
            {
                var items = new List<Item>(container.itemList);
                items.Sort((a, b) => a.position.CompareTo(b.position));
                foreach (Item item in items)
                {
                    var json = new JObject
                    {
                        { "shortname", item.info.shortname }, { "amount", item.amount },
                        { "container", container.kind }, { "slot", item.position }
                    };
                    if (item.skin != 0)
                    {
                        json["skin"] = item.skin;
                    }
                    list.Add(json);
                }
            }
            return list;
        }

        private static int FirstEmpty(ItemContainer container)
        {
            for (int slot = 0; slot < container.capacity; slot++)
            {
                if (container.GetSlot(slot) == null)
                {
                    return slot;
                }
            }
            return -1;
        }
    }
}
