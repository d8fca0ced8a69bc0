// The game's item types (global namespace, as in Assembly-CSharp). Real sources in the decompiled
// December 2025 server, SeiferUwU/RustServerManaged: Assembly-CSharp/Item.cs, ItemContainer.cs,
// ItemDefinition.cs, ItemCategory.cs, ItemManager.cs, Rust.Localization/Translate.cs.
// The stacking rules (Item.CanStack, Item.MaxStackable) and ItemContainer.CanAcceptItem are the game's,
// reduced to what the stand-in's items can have (no blueprints, genetics, food spoiling, signs, item
// slots, volumes): Item.cs 1432-1501 and 1767-1779, ItemContainer.cs 44-49 and 1456-1510.
using System;
using System.Collections.Generic;
using RustStandIn.Bridge;

public enum ItemCategory
{
    Weapon,
    Construction,
    Items,
    Resources,
    Attire,
    Tool,
    Medical,
    Food,
    Ammunition,
    Traps,
    Misc,
    All,
    Common,
    Component,
    Search,
    Favourite,
    Electrical,
    Fun
}

public static class Translate
{
    public class Phrase
    {
        internal Phrase(string english)
        {
            this.english = english;
        }

        public string english { get; set; }
    }
}

public class ItemDefinition
{
    /// <summary>ItemDefinition.cs 19-45: an item type with `enabled` and a `max` has condition.</summary>
    public struct Condition
    {
        public bool enabled;
        public float max;
    }

    /// <summary>ItemDefinition.cs 64-71.</summary>
    [Flags]
    public enum Flag
    {
        NoDropping = 1,
        NotStraightToBelt = 2,
        NotAllowedInBelt = 4,
        Backpack = 8
    }

    public int itemid;
    public string shortname;
    public Translate.Phrase displayName;
    public ItemCategory category;

    /// <summary>The stack limit.</summary>
    public int stackable;

    public Condition condition;
    public Flag flags;

    internal ItemDefinition()
    {
    }
}

public class ItemContainer
{
    public enum CanAcceptResult
    {
        CanAccept,
        CannotAccept,
        CannotAcceptRightNow
    }

    public int capacity = 2;
    public List<Item> itemList = new List<Item>();

    internal readonly PlayerInventory owner;

    /// <summary>The container's own rule (PlayerInventory sets the belt's to CanEquipItem).</summary>
    internal Func<Item, int, bool> canAcceptItem;

    /// <summary>0: no limit of the container's own (a player's containers have none).</summary>
    internal int maxStackSize;

    /// <summary>"main" or "belt": how the stand-in reports and saves the container.</summary>
    internal readonly string kind;

    internal ItemContainer(PlayerInventory owner, string kind, int capacity)
    {
        this.owner = owner;
        this.kind = kind;
        this.capacity = capacity;
    }

    // ItemContainer.cs 1456-1510: the container's own rule, then the CanAcceptItem hook. The checks of
    // item slots, allowed item types, allowed item lists, blocked items and volume never refuse the
    // stand-in's items in a player's main inventory or belt.
    public CanAcceptResult CanAcceptItem(Item item, int targetPos)
    {
        if (canAcceptItem != null && !canAcceptItem(item, targetPos))
        {
            return CanAcceptResult.CannotAccept;
        }
        object obj = Host.Current.CallHook("CanAcceptItem", this, item, targetPos);
        if (obj is CanAcceptResult)
        {
            return (CanAcceptResult)obj;
        }
        return CanAcceptResult.CanAccept;
    }

    internal Item GetSlot(int position)
    {
        foreach (Item item in itemList)
        {
            if (item.position == position)
            {
                return item;
            }
        }
        return null;
    }

    internal void Insert(Item item, int position)
    {
        item.parent = this;
        item.position = position;
        itemList.Add(item);
    }
}

public class Item
{
    public ItemDefinition info;
    public int amount = 1;
    public ulong skin;

    internal ItemContainer parent;
    internal int position = -1;
    internal bool removed;
    internal float conditionValue;
    internal float maxConditionValue = 100f;

    internal Item()
    {
    }

    /// <summary>Item.cs 80-95: clamped to [0, maxCondition].</summary>
    public float condition
    {
        get { return conditionValue; }
        set { conditionValue = Math.Max(0f, Math.Min(value, maxCondition)); }
    }

    /// <summary>Item.cs 97-111: clamped to [0, info.condition.max].</summary>
    public float maxCondition
    {
        get { return maxConditionValue; }
        set { maxConditionValue = Math.Max(0f, Math.Min(value, info.condition.max)); }
    }

    /// <summary>Item.cs 134-144.</summary>
    public bool hasCondition
    {
        get { return info != null && info.condition.enabled && info.condition.max > 0f; }
    }

    /// <summary>
    /// Item.cs 1432-1501: whether `item` may be merged into this stack. The CanStackItem hook decides
    /// first; then not itself, both stackable, the same item id, both at full condition, this one not
    /// removed, the same skin.
    /// </summary>
    public bool CanStack(Item item)
    {
        object obj = Host.Current.CallHook("CanStackItem", this, item);
        if (obj is bool)
        {
            return (bool)obj;
        }
        if (item == this)
        {
            return false;
        }
        if (MaxStackable() <= 1)
        {
            return false;
        }
        if (item.info.stackable <= 1)
        {
            return false;
        }
        if (item.info.itemid != info.itemid)
        {
            return false;
        }
        if (hasCondition && condition != item.info.condition.max)
        {
            return false;
        }
        if (item.hasCondition && item.condition != item.info.condition.max)
        {
            return false;
        }
        if (!IsValid())
        {
            return false;
        }
        if (item.skin != skin)
        {
            return false;
        }
        return true;
    }

    /// <summary>Item.cs 1767-1779: the definition's limit, the container's if lower, or what OnMaxStackable answers.</summary>
    public int MaxStackable()
    {
        int num = info.stackable;
        if (parent != null && parent.maxStackSize > 0)
        {
            num = Math.Min(parent.maxStackSize, num);
        }
        object obj = Host.Current.CallHook("OnMaxStackable", this);
        if (obj is int)
        {
            return (int)obj;
        }
        return num;
    }

    /// <summary>Item.IsValid: false once removed.</summary>
    internal bool IsValid()
    {
        return !removed;
    }

    public void MarkDirty()
    {
    }

    public void RemoveFromContainer()
    {
        if (parent == null)
        {
            return;
        }
        parent.itemList.Remove(this);
        parent = null;
    }

    // The game queues the removal for the end of the frame (ItemManager.DoRemoves), which then takes the
    // item out of its container; the stand-in does both at once.
    public void Remove(float fTime = 0f)
    {
        if (removed)
        {
            return;
        }
        removed = true;
        position = -1;
        RemoveFromContainer();
    }
}

public class ItemManager
{
    public static List<ItemDefinition> itemList = new List<ItemDefinition>();

    internal static readonly Dictionary<string, ItemDefinition> byShortname = new Dictionary<string, ItemDefinition>();

    public static ItemDefinition FindItemDefinition(string shortName)
    {
        ItemDefinition definition;
        return byShortname.TryGetValue(shortName, out definition) ? definition : null;
    }

    // As the game: no item for a missing definition or an amount below 1.
    public static Item Create(ItemDefinition template, int iAmount = 1, ulong skin = 0uL, bool isServerSide = true)
    {
        if (template == null || iAmount <= 0)
        {
            return null;
        }
        // Item.Initialize: a new item starts at its type's full condition.
        var item = new Item { info = template, amount = iAmount, skin = skin };
        item.maxConditionValue = template.condition.max;
        item.conditionValue = template.condition.max;
        return item;
    }

    internal static void Register(ItemDefinition definition)
    {
        itemList.Add(definition);
        byShortname[definition.shortname] = definition;
    }
}
