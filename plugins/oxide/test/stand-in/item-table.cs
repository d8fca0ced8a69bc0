// The game's item definitions, from the shop's shipped item table (apps/server/data/rust-items.json: id,
// shortname, English name, shop category). The table has no stack limits, so each item gets the
// limit of its category (a stand-in, documented in plugins/oxide/test/README.md), with overrides for
// the usual resources; an entry may carry its own "stackable". Shop categories map onto the game's
// ItemCategory values that the plugin reports.
using System;
using System.Collections.Generic;
using System.IO;
using Newtonsoft.Json.Linq;

namespace RustStandIn
{
    internal static class ItemTable
    {
        private static readonly Dictionary<string, int> Overrides = new Dictionary<string, int>
        {
            { "wood", 1000 }, { "stones", 1000 }, { "sulfur", 1000 }, { "metal.fragments", 1000 },
            { "scrap", 1000 }, { "cloth", 1000 }, { "lowgradefuel", 500 }, { "ammo.rifle", 128 }
        };

        public static int Load(string path)
        {
            JArray items = JArray.Parse(File.ReadAllText(path));
            foreach (JToken entry in items)
            {
                string shortname = (string)entry["shortname"];
                string category = ((string)entry["category"] ?? "miscellaneous").ToLowerInvariant();
                var definition = new ItemDefinition
                {
                    itemid = (int)entry["id"],
                    shortname = shortname,
                    displayName = new Translate.Phrase((string)entry["nameEn"] ?? shortname),
                    category = CategoryOf(category),
                    stackable = entry["stackable"] != null ? (int)entry["stackable"] : StackLimit(shortname, category)
                };
                float maxCondition = entry["maxCondition"] != null ? (float)entry["maxCondition"] : ConditionOf(definition.category);
                definition.condition = new ItemDefinition.Condition { enabled = maxCondition > 0f, max = maxCondition };
                ItemManager.Register(definition);
            }
            return items.Count;
        }

        public static int StackLimit(string shortname, string category)
        {
            int limit;
            if (Overrides.TryGetValue(shortname, out limit))
            {
                return limit;
            }
            switch (category)
            {
                case "resources":
                case "components":
                    return 1000;
                case "ammunition":
                    return 128;
                case "weapons":
                case "tools":
                case "clothing":
                case "attire":
                    return 1;
                case "medical":
                    return 10;
                case "food":
                    return 20;
                default:
                    return 100;
            }
        }

        /// <summary>
        /// The table has no condition either: weapons, tools and clothing get a maximum of 100 (the game's
        /// vary by item), everything else none. An entry's own "maxCondition" wins.
        /// </summary>
        public static float ConditionOf(ItemCategory category)
        {
            return category == ItemCategory.Weapon || category == ItemCategory.Tool || category == ItemCategory.Attire ? 100f : 0f;
        }

        private static ItemCategory CategoryOf(string category)
        {
            switch (category)
            {
                case "weapons": return ItemCategory.Weapon;
                case "building": return ItemCategory.Construction;
                case "resources": return ItemCategory.Resources;
                case "components": return ItemCategory.Component;
                case "clothing":
                case "attire": return ItemCategory.Attire;
                case "tools": return ItemCategory.Tool;
                case "medical": return ItemCategory.Medical;
                case "food": return ItemCategory.Food;
                case "ammunition": return ItemCategory.Ammunition;
                default: return ItemCategory.Misc;
            }
        }

        /// <summary>
        /// The game's ItemDefinition.isUsable (a held entity or a consumable), which sends a new stack to
        /// the belt first. The table cannot tell, so it is taken from the category.
        /// </summary>
        public static bool IsUsable(ItemDefinition definition)
        {
            switch (definition.category)
            {
                case ItemCategory.Weapon:
                case ItemCategory.Tool:
                case ItemCategory.Medical:
                case ItemCategory.Food:
                case ItemCategory.Construction:
                    return true;
                default:
                    return false;
            }
        }

        public static ItemDefinition Require(string shortname)
        {
            ItemDefinition definition = shortname == null ? null : ItemManager.FindItemDefinition(shortname);
            if (definition == null)
            {
                throw new ArgumentException("unknown item: " + shortname);
            }
            return definition;
        }
    }
}
