// PlayerInventory.GiveItem and Item.MoveToContainer as the December 2025 server has them
// (SeiferUwU/RustServerManaged Assembly-CSharp/PlayerInventory.cs 1272-1345, Item.cs 908-1060), for the
// main inventory and the belt (no backpack, no wear container):
//   GiveItem tries the ideal container (when MaxStackable() > 1: the belt if it already holds the
//   item, else main if main holds it; else the belt for a usable item), then main, then the belt.
//   MoveToContainer (iTargetPos -1): the target is the highest slot holding a stack that CanStack the
//   item and is below its MaxStackable(); failing that, the first empty slot the item CanMoveTo. The
//   target must pass CanMoveTo (ItemContainer.CanAcceptItem: the container's own rule, e.g. the belt
//   refuses NotAllowedInBelt items, then the CanAcceptItem hook). A merge tops the stack up to
//   MaxStackable(), lowers item.amount, and tries again from the start. What was merged stays merged
//   when no target is left; GiveItem then returns false.
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace RustStandIn
{
    internal sealed class Inventory
    {
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
            bool accepted = (container != null && MoveToContainer(item, container, ref merged, ref placed))
                || MoveToContainer(item, inventory.containerMain, ref merged, ref placed)
                || MoveToContainer(item, inventory.containerBelt, ref merged, ref placed);
            Events.Emit("give", "steamId", inventory.owner.UserIDString, "shortname", item.info.shortname,
                "amount", amount, "accepted", accepted, "merged", merged,
                "container", placed == null ? null : placed.kind, "slot", placed == null ? (int?)null : item.position);
            return accepted;
        }

        // PlayerInventory.GetIdealPickupContainer (the wear container and backpacks left out).
        private static ItemContainer IdealContainer(PlayerInventory inventory, Item item)
        {
            if (item.MaxStackable() > 1)
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
            bool notStraightToBelt = (item.info.flags & ItemDefinition.Flag.NotStraightToBelt) != 0;
            return ItemTable.IsUsable(item.info) && !notStraightToBelt ? inventory.containerBelt : null;
        }

        private static bool Holds(ItemContainer container, int itemid)
        {
            return container.itemList.Exists(i => i.info.itemid == itemid);
        }

        // Item.CanMoveTo (Item.cs 908-927).
        private static bool CanMoveTo(Item item, ItemContainer container, int targetPos)
        {
            if (container.CanAcceptItem(item, targetPos) != ItemContainer.CanAcceptResult.CanAccept)
            {
                return false;
            }
            if (targetPos >= container.capacity)
            {
                return false;
            }
            return !(item.parent != null && container == item.parent && targetPos == item.position);
        }

        // Item.MoveToContainer(newcontainer) with iTargetPos -1, allowStack true, ignoreStackLimit false.
        private static bool MoveToContainer(Item item, ItemContainer container, ref int merged, ref ItemContainer placed)
        {
            BasePlayer owner = container.owner.owner;
            if (owner.IsDead() && item.parent != null)
            {
                return false;
            }
            int target = -1;
            if (item.info.stackable > 1)
            {
                foreach (Item stack in container.itemList.ToArray())
                {
                    if (stack.info.itemid == item.info.itemid && stack.position > target && stack.CanStack(item) &&
                        stack.amount < stack.MaxStackable())
                    {
                        target = stack.position;
                    }
                }
            }
            if (target == -1)
            {
                if (container == item.parent)
                {
                    return false;
                }
                for (int slot = 0; slot < container.capacity; slot++)
                {
                    if (container.GetSlot(slot) == null && CanMoveTo(item, container, slot))
                    {
                        target = slot;
                        break;
                    }
                }
            }
            if (target == -1 || !CanMoveTo(item, container, target))
            {
                return false;
            }
            Item existing = container.GetSlot(target);
            if (existing == null)
            {
                item.RemoveFromContainer();
                container.Insert(item, target);
                placed = container;
                return true;
            }
            if (existing == item || !existing.CanStack(item))
            {
                return false;
            }
            int limit = existing.MaxStackable();
            if (existing.amount >= limit)
            {
                return false;
            }
            int moved = System.Math.Min(limit - existing.amount, item.amount);
            existing.amount += moved;
            item.amount -= moved;
            merged += moved;
            if (item.amount <= 0)
            {
                item.RemoveFromContainer();
                item.Remove();
                return true;
            }
            return MoveToContainer(item, container, ref merged, ref placed);
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
                if (entry["condition"] != null)
                {
                    if (!item.hasCondition)
                    {
                        throw new System.ArgumentException(definition.shortname + " has no condition");
                    }
                    item.condition = (float)entry["condition"];
                }
                container.Insert(item, slot);
            }
        }

        /// <summary>Main then belt, each by slot: [{shortname, amount, container, slot, skin?, condition? (only below full)}].</summary>
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
                    if (item.hasCondition && item.condition < item.info.condition.max)
                    {
                        json["condition"] = item.condition;
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
