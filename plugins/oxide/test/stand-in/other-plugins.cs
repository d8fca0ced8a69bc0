// "Other plugins" on the server: hooks that some other plugin answers, set from the driver. They are
// asked after the loaded plugin's own hook of the same name, through Interface.CallHook as the game
// calls it:
//   CanAcceptItem(ItemContainer, Item, int targetPos) (ItemContainer.CanAcceptItem, ItemContainer.cs
//     1498-1502): `refuse <shortname>` answers CannotAccept for that shortname in an empty slot (a plugin
//     that refuses new stacks; the merge into an existing stack still happens), or in any slot with
//     `anySlot` (then the merge is refused too, as the game asks CanAcceptItem for the stack's slot).
//   CanStackItem(Item, Item) (Item.CanStack, Item.cs 1432-1437): `blockStacking <shortname>` answers false.
//   OnMaxStackable(Item) (Item.MaxStackable, Item.cs 1767-1779): `setMaxStackable <shortname> <n>` answers n.
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace RustStandIn
{
    internal sealed class OtherPlugins
    {
        public string RefusedShortname;
        public bool RefuseAnySlot;
        public readonly HashSet<string> BlockedStacking = new HashSet<string>();
        public readonly Dictionary<string, int> MaxStackable = new Dictionary<string, int>();

        public object Answer(string hook, object[] args)
        {
            switch (hook)
            {
                case "CanAcceptItem":
                {
                    var container = (ItemContainer)args[0];
                    var item = (Item)args[1];
                    int targetPos = (int)args[2];
                    if (item != null && item.info.shortname == RefusedShortname &&
                        (RefuseAnySlot || container.GetSlot(targetPos) == null))
                    {
                        return ItemContainer.CanAcceptResult.CannotAccept;
                    }
                    return null;
                }
                case "CanStackItem":
                {
                    var stack = (Item)args[0];
                    var item = (Item)args[1];
                    if (BlockedStacking.Contains(stack.info.shortname) || (item != null && BlockedStacking.Contains(item.info.shortname)))
                    {
                        return false;
                    }
                    return null;
                }
                case "OnMaxStackable":
                {
                    int limit;
                    var item = (Item)args[0];
                    return MaxStackable.TryGetValue(item.info.shortname, out limit) ? (object)limit : null;
                }
                default:
                    return null;
            }
        }

        public JObject ToJson()
        {
            var limits = new JObject();
            foreach (KeyValuePair<string, int> entry in MaxStackable)
            {
                limits[entry.Key] = entry.Value;
            }
            return new JObject
            {
                { "refused", RefusedShortname }, { "refuseAnySlot", RefuseAnySlot },
                { "blockStacking", new JArray(new List<string>(BlockedStacking).ToArray()) }, { "maxStackable", limits }
            };
        }
    }
}
