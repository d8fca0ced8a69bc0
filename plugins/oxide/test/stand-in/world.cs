// The players the world knows (connected or sleeping) and the world save file. As in the game,
// inventories reach the disk only in the world save (BasePlayer.Save → inventory.Save): a process killed
// between a give and the next save starts again with the inventories of that save. The file is where the
// game keeps it, ConVar.Server.rootFolder + "/" + World.SaveFileName (here
// <dir>/server/my_server_identity/proceduralmap.3000.12345.274.sav; its content is the stand-in's JSON),
// written as SaveRestore.Save writes it (SaveRestore.cs 226-246): to "<save>.new", then copied over the
// save and the .new deleted. When the .new cannot be written nothing else happens, so the save file and
// its last write time change only when a save succeeds.
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace RustStandIn
{
    internal sealed class ServerWorld
    {
        private readonly Dictionary<ulong, BasePlayer> players = new Dictionary<ulong, BasePlayer>();
        private readonly string path;

        public ServerWorld(string directory, string rootFolder, string saveFileName)
        {
            path = Path.Combine(Path.Combine(directory, rootFolder), saveFileName);
        }

        public string SavePath
        {
            get { return path; }
        }

        public IEnumerable<BasePlayer> Players
        {
            get { return players.Values; }
        }

        public int Count
        {
            get { return players.Count; }
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

        /// <summary>BasePlayer.Save for every player: what a write made now would hold.</summary>
        public string Snapshot()
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
            return new JObject { { "players", list } }.ToString(Formatting.Indented);
        }

        /// <summary>The disk step of SaveRestore.Save: "&lt;save&gt;.new", then copied over the save. Throws what the disk throws.</summary>
        public void Write(string snapshot, bool diskFull)
        {
            string temporary = path + ".new";
            Directory.CreateDirectory(Path.GetDirectoryName(path));
            if (File.Exists(temporary))
            {
                File.Delete(temporary);
            }
            try
            {
                if (diskFull)
                {
                    throw new IOException("Disk full. Path " + temporary);
                }
                using (FileStream stream = File.OpenWrite(temporary))
                {
                    byte[] bytes = new UTF8Encoding(false).GetBytes(snapshot);
                    stream.Write(bytes, 0, bytes.Length);
                }
            }
            catch (Exception)
            {
                if (File.Exists(temporary))
                {
                    File.Delete(temporary);
                }
                throw;
            }
            File.Copy(temporary, path, true);
            File.Delete(temporary);
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
