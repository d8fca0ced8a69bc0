// The stand-in host: what the stub assembly delegates to (RustStandIn.Bridge.IHost), and the state
// of the simulated server. Everything here runs on the main thread (main-loop.cs).
using System;
using System.Collections.Generic;
using System.IO;
using Oxide.Core.Libraries;
using Oxide.Core.Plugins;
using RustStandIn.Bridge;

namespace RustStandIn
{
    internal sealed class StandInHost : IHost
    {
        public sealed class Binding
        {
            public Plugin Plugin;
            public string Callback;
        }

        public readonly string Directory;
        public readonly bool Carbon;
        public readonly Timers Timers;
        public readonly WebRequestRunner Web;
        public readonly OxideLang SharedLang;
        public readonly ServerWorld Game;
        public readonly PermissionStore PermissionData;
        public readonly OtherPlugins Others = new OtherPlugins();
        public readonly Inventory Inventory = new Inventory();
        public readonly ConsoleCommands Console;
        public readonly WorldSaver Saver;

        /// <summary>How many frames an automatic save waits between the hook and the write.</summary>
        public int SaveFrames = 3;
        public readonly PluginLoader Loader;
        public readonly Dictionary<string, Binding> ChatCommands = new Dictionary<string, Binding>();
        public readonly Dictionary<string, Binding> ConsoleCommandsByName = new Dictionary<string, Binding>();

        public StandInHost(string directory, bool carbon, string pluginPath)
        {
            Directory = directory;
            Carbon = carbon;
            Timers = new Timers(Describe);
            Web = new WebRequestRunner(carbon, Describe);
            MainLoop.AfterFrame = Web.StartQueued;
            SharedLang = new OxideLang(LangDirectory);
            Game = new ServerWorld(directory, RootFolder, SaveFileName);
            PermissionData = new PermissionStore(carbon, Path.Combine(directory, "data"));
            Console = new ConsoleCommands(this);
            Saver = new WorldSaver(this);
            Loader = new PluginLoader(this, pluginPath);
        }

        public string LangDirectory
        {
            get { return Path.Combine(Directory, "lang"); }
        }

        public string Framework
        {
            get { return Carbon ? "carbon" : "oxide"; }
        }

        /// <summary>"Name vVersion", as Oxide names a plugin in its messages.</summary>
        public string Describe(Plugin plugin)
        {
            return plugin == null ? "unknown" : plugin.Name + " v" + Loader.VersionOf(plugin);
        }

        public void Log(Plugin plugin, LogLevel level, string text)
        {
            Events.Log(level == LogLevel.Info ? "info" : level == LogLevel.Warning ? "warning" : "error", "plugin", text);
        }

        public void Enqueue(string url, string body, Action<int, string> callback, Plugin owner, RequestMethod method,
            Dictionary<string, string> headers, float timeout)
        {
            Web.Enqueue(url, body, callback, owner, method.ToString(), headers, timeout);
        }

        public ITimerHandle AddTimer(Plugin owner, float delay, int repetitions, Action callback)
        {
            return Timers.Add(owner, delay, repetitions, callback);
        }

        public void AddChatCommand(string command, Plugin plugin, string callback)
        {
            string name = command.ToLowerInvariant();
            if (ChatCommands.ContainsKey(name))
            {
                Events.Log("warning", Framework, Describe(plugin) + " has replaced the '" + name + "' chat command");
            }
            ChatCommands[name] = new Binding { Plugin = plugin, Callback = callback };
        }

        // As Oxide's Command.AddConsoleCommand: "parent.name", or "global.name" without a dot.
        public void AddConsoleCommand(string command, Plugin plugin, string callback)
        {
            string[] parts = command.Split('.');
            string parent = parts.Length >= 2 ? parts[0].Trim() : "global";
            string name = parts.Length >= 2 ? string.Join(".", parts, 1, parts.Length - 1) : parts[0].Trim();
            ConsoleCommandsByName[(parent + "." + name).ToLowerInvariant()] = new Binding { Plugin = plugin, Callback = callback };
        }

        public void RemoveCommandsOf(Plugin plugin)
        {
            foreach (Dictionary<string, Binding> table in new[] { ChatCommands, ConsoleCommandsByName })
            {
                foreach (string key in new List<string>(table.Keys))
                {
                    if (table[key].Plugin == plugin)
                    {
                        table.Remove(key);
                    }
                }
            }
        }

        public ILang LangFor(Plugin plugin)
        {
            return Carbon ? (ILang)new CarbonLang(LangDirectory, plugin.Name) : SharedLang;
        }

        public string ConfigPath(Plugin plugin)
        {
            return Path.Combine(Path.Combine(Directory, "config"), plugin.Name + ".json");
        }

        // A disconnected player has no network connection: the game sends nothing.
        public void ChatMessage(BasePlayer player, string message)
        {
            if (player != null && player.connected)
            {
                Events.Emit("chat", "steamId", player.UserIDString, "text", message);
            }
        }

        public bool GiveItem(PlayerInventory inventory, Item item, ItemContainer container, GiveItemOptions options)
        {
            return Inventory.Give(inventory, item, container);
        }

        public string RunConsole(ConsoleSystem.Option options, string command, object[] args)
        {
            return Console.Run(command, args, "plugin");
        }

        public object CallHook(string name, params object[] args)
        {
            object answer = Loader.CallHook(name, args);
            return answer ?? Others.Answer(name, args);
        }

        /// <summary>World.SaveFileName of a procedural map: "proceduralmap.&lt;size&gt;.&lt;seed&gt;.274.sav" (World.cs 127-142).</summary>
        public string SaveFileName
        {
            get { return "proceduralmap.3000.12345.274.sav"; }
        }

        /// <summary>ConVar.Server.rootFolder: "server/" + identity, relative to the working directory (&lt;dir&gt;).</summary>
        public string RootFolder
        {
            get { return "server/my_server_identity"; }
        }

        public IPermissions Permissions
        {
            get { return PermissionData; }
        }

        public BasePlayer FindByID(ulong userId)
        {
            return Game.FindActive(userId);
        }
    }
}
