// The game's player and inventory types (global namespace, as in Assembly-CSharp). Real sources in the
// decompiled December 2025 server, SeiferUwU/RustServerManaged: Assembly-CSharp/BasePlayer.cs,
// PlayerInventory.cs, GiveItemOptions.cs, BaseCombatEntity.cs (IsDead), Facepunch.System/ListHashSet.cs.
using System.Collections;
using System.Collections.Generic;
using RustStandIn.Bridge;

public class BasePlayer
{
    /// <summary>Connected players only (the game keeps sleepers elsewhere); FindByID looks here too.</summary>
    public static ListHashSet<BasePlayer> activePlayerList = new ListHashSet<BasePlayer>();

    public string UserIDString;

    internal ulong userID;
    internal string name;
    internal bool connected;
    internal bool dead;
    internal PlayerInventory inv;

    internal BasePlayer(ulong userID, string name)
    {
        this.userID = userID;
        this.name = name;
        UserIDString = userID.ToString();
        inv = new PlayerInventory(this);
    }

    public virtual string displayName
    {
        get { return name; }
        set { name = value; }
    }

    public bool IsConnected
    {
        get { return connected; }
    }

    /// <summary>Declared on BaseCombatEntity in the game.</summary>
    public virtual bool IsDead()
    {
        return dead;
    }

    public void ChatMessage(string msg)
    {
        Host.Current.ChatMessage(this, msg);
    }

    public PlayerInventory inventory
    {
        get { return inv; }
    }

    public static BasePlayer FindByID(ulong userID)
    {
        return Host.Current.FindByID(userID);
    }
}

public enum GiveItemOptions
{
    None,
    BackpackOverflow
}

public class PlayerInventory
{
    public ItemContainer containerMain;
    public ItemContainer containerBelt;

    internal readonly BasePlayer owner;

    internal PlayerInventory(BasePlayer owner)
    {
        this.owner = owner;
        containerMain = new ItemContainer(this, "main", 24);
        containerBelt = new ItemContainer(this, "belt", 6);
        // PlayerInventory.cs 258-259: the belt accepts what CanEquipItem allows, main everything.
        containerBelt.canAcceptItem = CanEquipItem;
        containerMain.canAcceptItem = CanStoreInInventory;
    }

    // PlayerInventory.cs 713-716.
    internal bool CanStoreInInventory(Item item, int targetSlot)
    {
        return true;
    }

    // PlayerInventory.cs 718-750: the CanEquipItem hook, then NotAllowedInBelt (restraints and container
    // restrictions do not arise in the stand-in).
    internal bool CanEquipItem(Item item, int targetSlot)
    {
        object obj = Host.Current.CallHook("CanEquipItem", this, item, targetSlot);
        if (obj is bool)
        {
            return (bool)obj;
        }
        if ((item.info.flags & ItemDefinition.Flag.NotAllowedInBelt) != 0)
        {
            return false;
        }
        return true;
    }

    // The game also has an overload taking an ItemMoveModifier; the plugin uses this one.
    public bool GiveItem(Item item, ItemContainer container = null, GiveItemOptions options = GiveItemOptions.None)
    {
        return Host.Current.GiveItem(this, item, container, options);
    }
}

/// <summary>Facepunch's list with a set beside it. The stubs keep only what enumerating it needs.</summary>
public class ListHashSet<T> : IEnumerable<T>
{
    private readonly List<T> vals = new List<T>();

    public int Count
    {
        get { return vals.Count; }
    }

    public IEnumerator<T> GetEnumerator()
    {
        return vals.GetEnumerator();
    }

    IEnumerator IEnumerable.GetEnumerator()
    {
        return vals.GetEnumerator();
    }

    internal void Add(T val)
    {
        if (!vals.Contains(val))
        {
            vals.Add(val);
        }
    }

    internal bool Remove(T val)
    {
        return vals.Remove(val);
    }
}
