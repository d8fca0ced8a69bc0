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
            bool deferred = false;
            try
            {
                deferred = Run(host, command, reply);
            }
            catch (Exception ex)
            {
                reply["ok"] = false;
                reply["error"] = ex.Message;
            }
            if (!deferred)
            {
                Complete(host, reply);
            }
        }

        /// <summary>Sends a command's reply (a save's only once the save has finished).</summary>
        private static void Complete(StandInHost host, JObject reply)
        {
            reply["loaded"] = host.Loader.IsLoaded;
            Events.Write(reply);
        }

        /// <summary>The reply, then the process ends, as `quit` ends the game's (ConVar/Global.cs 165-171).</summary>
        private static void CompleteAndExit(StandInHost host, JObject reply)
        {
            Complete(host, reply);
            Events.Flush();
            Environment.Exit(0);
        }

        /// <summary>True when the reply is sent later (a save), by the command itself.</summary>
        private static bool Run(StandInHost host, JObject c, JObject reply)
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
                    if (SaveRestore.IsSaving)
                    {
                        throw new InvalidOperationException("a world save is already running");
                    }
                    reply["path"] = host.Game.SavePath;
                    host.Saver.StartAutomated((int?)c["frames"] ?? host.SaveFrames, null, written =>
                    {
                        reply["written"] = written;
                        Complete(host, reply);
                    });
                    return true;
                case "setSaveFailure":
                    host.Saver.DiskFull = (bool?)c["on"] ?? true;
                    break;
                case "quitDuringSave":
                    QuitDuringSave(host, (int?)c["frames"] ?? host.SaveFrames, reply);
                    return true;
                case "stats":
                    reply.Merge(FrameStats.ToJson((bool?)c["reset"] ?? false));
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
                case "notInBelt":
                {
                    ItemDefinition definition = ItemTable.Require((string)c["shortname"]);
                    if ((bool?)c["on"] ?? true)
                    {
                        definition.flags |= ItemDefinition.Flag.NotAllowedInBelt;
                    }
                    else
                    {
                        definition.flags &= ~ItemDefinition.Flag.NotAllowedInBelt;
                    }
                    break;
                }
                case "setStackable":
                    ItemTable.Require((string)c["shortname"]).stackable = (int)c["stackable"];
                    break;
                case "setMaxStackable":
                    if (c["limit"] == null || c["limit"].Type == JTokenType.Null)
                    {
                        host.Others.MaxStackable.Remove((string)c["shortname"]);
                    }
                    else
                    {
                        host.Others.MaxStackable[ItemTable.Require((string)c["shortname"]).shortname] = (int)c["limit"];
                    }
                    break;
                case "blockStacking":
                    if ((bool?)c["on"] ?? true)
                    {
                        host.Others.BlockedStacking.Add(ItemTable.Require((string)c["shortname"]).shortname);
                    }
                    else
                    {
                        host.Others.BlockedStacking.Remove((string)c["shortname"]);
                    }
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
                    reply["written"] = Shutdown(host);
                    CompleteAndExit(host, reply);
                    return true;
                default:
                    throw new ArgumentException("unknown command: " + name);
            }
            return false;
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

        // The game's `quit` (ConVar/Global.cs 145-172): ServerMgr.Shutdown (ServerMgr.cs 1268-1278) calls
        // IOnServerShutdown, kicks the players and runs `server.save`, then the process is killed.
        //   Oxide (Oxide.Rust RustCore.IOnServerShutdown, OxideMod.OnShutdown): OnServerShutdown, then every
        //   plugin unloads, then the permission data is saved.
        //   Carbon (CorePlugin/Core.Hooks.cs 29-75): OnServerShutdown, then OnServerSave, then the permission
        //   data is saved (OxideMod.OnShutdown), then the plugins unload.
        // `server.save` is SaveRestore.Save(AndWait: true): the whole save in one step, with no plugin left to
        // hear its OnServerSave, or nothing at all while an automatic save is still running (IsSaving).
        // True when the world was written.
        private static bool Shutdown(StandInHost host)
        {
            if (host.Loader.IsLoaded)
            {
                host.Loader.CallHook("OnServerShutdown");
                if (host.Carbon)
                {
                    host.Loader.CallHook("OnServerSave");
                    host.PermissionData.Save();
                    host.Loader.Unload();
                }
                else
                {
                    host.Loader.Unload();
                    host.PermissionData.Save();
                }
            }
            else
            {
                host.PermissionData.Save();
            }
            foreach (BasePlayer player in host.Game.Players)
            {
                if (player.connected)
                {
                    player.connected = false;
                    BasePlayer.activePlayerList.Remove(player);
                }
            }
            Events.Log("info", "game", "Invalidate Network Cache took 0.00 seconds");
            bool written;
            host.Saver.SaveAndWait(out written);
            return written;
        }

        // An automatic save, and `quit` in its middle frame: the shutdown's server.save finds IsSaving still
        // true, so nothing is written, and the process ends before the automatic save's write.
        private static void QuitDuringSave(StandInHost host, int frames, JObject reply)
        {
            if (SaveRestore.IsSaving)
            {
                throw new InvalidOperationException("a world save is already running");
            }
            frames = Math.Max(2, frames);
            int middle = (frames + 1) / 2;
            host.Saver.StartAutomated(frames, frame =>
            {
                if (frame == middle)
                {
                    reply["quitAtFrame"] = frame;
                    reply["written"] = Shutdown(host);
                    CompleteAndExit(host, reply);
                }
            }, written => { });
        }
    }
}
