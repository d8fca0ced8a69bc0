// The stdin protocol: one JSON object per line, {"id": …, "cmd": "<name>", …}. Each is answered with
// {"event":"reply","id":…,"ok":true,…result} or {"event":"reply","id":…,"ok":false,"error":"…"},
// after every event the command caused synchronously. See plugins/oxide/test/README.md.
using System;
using System.IO;
using System.Text;
using Newtonsoft.Json.Linq;

namespace RustStandIn
{
    internal static class Commands
    {
        public static void Handle(StandInHost host, string line)
        {
            JObject command;
            try
            {
                command = JObject.Parse(line);
            }
            catch (Exception ex)
            {
                Events.Write(new JObject { { "event", "reply" }, { "id", null }, { "ok", false }, { "error", "not JSON: " + ex.Message } });
                return;
            }
            var reply = new JObject { { "event", "reply" }, { "id", command["id"] }, { "ok", true } };
            try
            {
                Run(host, command, reply);
            }
            catch (Exception ex)
            {
                reply["ok"] = false;
                reply["error"] = ex.Message;
            }
            Events.Write(reply);
            if ((string)command["cmd"] == "quit")
            {
                Environment.Exit(0);
            }
        }

        private static void Run(StandInHost host, JObject c, JObject reply)
        {
            string name = (string)c["cmd"];
            switch (name)
            {
                case "load":
                    host.Loader.Load(false, (string)c["path"]);
                    break;
                case "unload":
                    host.Loader.Unload();
                    break;
                case "reload":
                    if (host.Loader.IsLoaded)
                    {
                        host.Loader.Unload();
                    }
                    host.Loader.Load(false, (string)c["path"]);
                    break;
                case "connect":
                    Players.Connect(host, (string)c["steamId"], (string)c["name"]);
                    break;
                case "disconnect":
                    Players.Disconnect(host, (string)c["steamId"], (string)c["reason"] ?? "Disconnected");
                    break;
                case "chat":
                    reply["handled"] = Players.Chat(host, (string)c["steamId"], (string)c["text"] ?? "");
                    break;
                case "console":
                    reply["reply"] = host.Console.Run((string)c["command"], null, "stdin");
                    reply["lastError"] = ConsoleSystem.LastError;
                    break;
                case "save":
                    host.Save();
                    reply["path"] = host.Game.SavePath;
                    break;
                case "inventory":
                    reply["items"] = Inventory.List(host.Game.Get((string)c["steamId"]).inv);
                    break;
                case "setInventory":
                    Inventory.Set(host.Game.GetOrCreate((string)c["steamId"], null).inv, (JArray)c["items"]);
                    break;
                case "kill":
                    host.Game.Get((string)c["steamId"]).dead = true;
                    break;
                case "respawn":
                    host.Game.Get((string)c["steamId"]).dead = false;
                    break;
                case "refuse":
                    host.Others.RefusedShortname = (string)c["shortname"];
                    host.Others.RefuseAnySlot = (bool?)c["anySlot"] ?? false;
                    break;
                case "createGroup":
                    reply["created"] = host.PermissionData.CreateGroup((string)c["name"], (string)c["title"] ?? (string)c["name"], (int?)c["rank"] ?? 0);
                    break;
                case "removeGroup":
                    reply["removed"] = host.PermissionData.RemoveGroup((string)c["name"]);
                    break;
                case "registerPermission":
                    RegisterPermission(host, (string)c["permission"], (string)c["owner"]);
                    break;
                case "permissions":
                    reply["permissions"] = host.PermissionData.ToJson();
                    break;
                case "advance":
                    reply["fired"] = host.Timers.Advance((double?)c["seconds"] ?? 0);
                    break;
                case "writeLang":
                    reply["path"] = WriteLang(host, (string)c["lang"], (string)c["text"] ?? "");
                    break;
                case "status":
                    Status(host, reply);
                    break;
                case "quit":
                    Quit(host);
                    break;
                default:
                    throw new ArgumentException("unknown command: " + name);
            }
            reply["loaded"] = host.Loader.IsLoaded;
        }

        // Permission.RegisterPermission by another plugin (owner: its name), or by the loaded plugin when
        // owner is the plugin's name. A plugin's permissions go when it unloads.
        private static void RegisterPermission(StandInHost host, string permission, string owner)
        {
            if (string.IsNullOrEmpty(permission))
            {
                throw new ArgumentException("permission is required");
            }
            object key = owner ?? "OtherPlugin";
            if (host.Loader.IsLoaded && owner == host.Loader.Current.Name)
            {
                key = host.Loader.Current;
            }
            host.PermissionData.Register(permission, key);
        }

        private static string WriteLang(StandInHost host, string lang, string text)
        {
            if (string.IsNullOrEmpty(lang))
            {
                throw new ArgumentException("lang is required");
            }
            string path = LangFiles.PathOf(host.LangDirectory, host.Loader.Name, lang);
            Directory.CreateDirectory(Path.GetDirectoryName(path));
            File.WriteAllText(path, text, new UTF8Encoding(false));
            return path;
        }

        private static void Status(StandInHost host, JObject reply)
        {
            var players = new JArray();
            foreach (BasePlayer player in host.Game.Players)
            {
                players.Add(new JObject
                {
                    { "steamId", player.UserIDString }, { "name", player.name },
                    { "connected", player.connected }, { "dead", player.dead }
                });
            }
            reply["mode"] = host.Framework;
            reply["timers"] = host.Timers.Pending;
            reply["requests"] = host.Web.InFlight;
            reply["players"] = players;
            reply["permissions"] = host.PermissionData.ToJson();
            reply["refused"] = host.Others.RefusedShortname;
            reply["others"] = host.Others.ToJson();
            reply["isSaving"] = SaveRestore.IsSaving;
        }

        // The game's `quit`: OnServerShutdown, the plugins unload, players are kicked, then the world is
        // saved (server.save), with no plugin left to hear OnServerSave.
        private static void Quit(StandInHost host)
        {
            if (host.Loader.IsLoaded)
            {
                host.Loader.CallHook("OnServerShutdown");
                host.Loader.Unload();
            }
            host.PermissionData.Save();
            foreach (BasePlayer player in host.Game.Players)
            {
                if (player.connected)
                {
                    player.connected = false;
                    BasePlayer.activePlayerList.Remove(player);
                }
            }
            host.Game.Save();
        }
    }
}
