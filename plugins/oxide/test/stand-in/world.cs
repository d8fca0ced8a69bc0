// The players the world knows (connected or sleeping) and the world save. As in the game, inventories
// reach the disk only in the world save (BasePlayer.Save → inventory.Save): a process killed between a
// give and the next save starts again with the inventories of that save. The stand-in writes
// <dir>/world.json atomically (temporary file, fsync, rename), as a save either happened or not.
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace RustStandIn
{
    internal sealed class World
    {
        private readonly Dictionary<ulong, BasePlayer> players = new Dictionary<ulong, BasePlayer>();
        private readonly string path;

        public World(string directory)
        {
            path = Path.Combine(directory, "world.json");
        }

        public string SavePath
        {
            get { return path; }
        }

        public IEnumerable<BasePlayer> Players
        {
            get { return players.Values; }
        }

        public static ulong ParseId(string steamId)
        {
            ulong id;
            if (steamId == null || !ulong.TryParse(steamId, out id))
            {
                throw new ArgumentException("steamId must be a decimal number: " + steamId);
            }
            return id;
        }

        public BasePlayer Get(string steamId)
        {
            BasePlayer player;
            if (!players.TryGetValue(ParseId(steamId), out player))
            {
                throw new ArgumentException("no such player: " + steamId);
            }
            return player;
        }

        public BasePlayer GetOrCreate(string steamId, string name)
        {
            ulong id = ParseId(steamId);
            BasePlayer player;
            if (!players.TryGetValue(id, out player))
            {
                player = new BasePlayer(id, name ?? steamId);
                players[id] = player;
            }
            return player;
        }

        public BasePlayer FindActive(ulong id)
        {
            BasePlayer player;
            return players.TryGetValue(id, out player) && player.connected ? player : null;
        }

        public void Save()
        {
            var list = new JArray();
            foreach (BasePlayer player in players.Values)
            {
                list.Add(new JObject
                {
                    { "steamId", player.UserIDString }, { "name", player.name }, { "dead", player.dead },
                    { "items", Inventory.List(player.inv) }
                });
            }
            string json = new JObject { { "players", list } }.ToString(Formatting.Indented);
            string temporary = path + ".tmp";
            using (var stream = new FileStream(temporary, FileMode.Create, FileAccess.Write))
            {
                byte[] bytes = new UTF8Encoding(false).GetBytes(json);
                stream.Write(bytes, 0, bytes.Length);
                stream.Flush(true);
            }
            if (File.Exists(path))
            {
                File.Replace(temporary, path, null);
            }
            else
            {
                File.Move(temporary, path);
            }
        }

        /// <summary>Every saved player comes back asleep (not connected) with the saved inventory.</summary>
        public int LoadIfPresent()
        {
            if (!File.Exists(path))
            {
                return 0;
            }
            JObject save = JObject.Parse(File.ReadAllText(path));
            int count = 0;
            foreach (JToken entry in (JArray)save["players"] ?? new JArray())
            {
                BasePlayer player = GetOrCreate((string)entry["steamId"], (string)entry["name"]);
                player.dead = (bool?)entry["dead"] ?? false;
                Inventory.Set(player.inv, (JArray)entry["items"]);
                count++;
            }
            return count;
        }
    }
}
