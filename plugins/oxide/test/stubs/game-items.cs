// The game's item types (global namespace, as in Assembly-CSharp). Real sources in the decompiled
// December 2025 server, SeiferUwU/RustServerManaged: Assembly-CSharp/Item.cs, ItemContainer.cs,
// ItemDefinition.cs, ItemCategory.cs, ItemManager.cs, Rust.Localization/Translate.cs.
using System.Collections.Generic;

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
    public int itemid;
    public string shortname;
    public Translate.Phrase displayName;
    public ItemCategory category;

    /// <summary>The stack limit.</summary>
    public int stackable;

    internal ItemDefinition()
    {
    }
}

public class ItemContainer
{
    public int capacity = 2;
    public List<Item> itemList = new List<Item>();

    internal readonly PlayerInventory owner;

    /// <summary>"main" or "belt": how the stand-in reports and saves the container.</summary>
    internal readonly string kind;

    internal ItemContainer(PlayerInventory owner, string kind, int capacity)
    {
        this.owner = owner;
        this.kind = kind;
        this.capacity = capacity;
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

    internal Item()
    {
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
        return new Item { info = template, amount = iAmount, skin = skin };
    }

    internal static void Register(ItemDefinition definition)
    {
        itemList.Add(definition);
        byShortname[definition.shortname] = definition;
    }
}
