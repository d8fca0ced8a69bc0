// RustStandIn.exe: a game server with Oxide or Carbon, reduced to what the shop's plugin touches.
//   mono RustStandIn.exe --dir <dir> --mode oxide|carbon --plugin <Plugin.dll> --items <rust-items.json>
//                        [--save-interval <seconds>] [--save-frames <n>] [--frame-ms <ms>] [--groups a,b]
// Starts like a server in <dir> (its working directory): loads the world save
// (server/my_server_identity/proceduralmap.3000.12345.274.sav) if there is one, loads the plugin and
// calls OnServerInitialized(true), prints {"event":"ready"}, then reads commands from stdin.
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Threading;
using Oxide.Core;
using RustStandIn.Bridge;

namespace RustStandIn
{
    internal static class Program
    {
        public static int Main(string[] argv)
        {
            Events.Init();
            Dictionary<string, string> options = ParseOptions(argv);
            string dir = Path.GetFullPath(Required(options, "dir"));
            string mode = options.ContainsKey("mode") ? options["mode"] : "oxide";
            if (mode != "oxide" && mode != "carbon")
            {
                throw new ArgumentException("--mode must be oxide or carbon");
            }
            foreach (string sub in new[] { "data", "config", "lang" })
            {
                Directory.CreateDirectory(Path.Combine(dir, sub));
            }
            Interface.Install(new OxideMod(Path.Combine(dir, "data")));
            string pluginPath = Path.GetFullPath(Required(options, "plugin"));
            string itemsPath = Path.GetFullPath(Required(options, "items"));
            // The game runs in its install directory; ConVar.Server.rootFolder ("server/<identity>") is
            // relative to it. The stand-in's is <dir>.
            Directory.SetCurrentDirectory(dir);
            var host = new StandInHost(dir, mode == "carbon", pluginPath);
            Host.Current = host;
            int items = ItemTable.Load(itemsPath);
            host.PermissionData.Load(options.ContainsKey("groups") ? options["groups"].Split(new[] { ',' }, StringSplitOptions.RemoveEmptyEntries) : null);
            int players = host.Game.LoadIfPresent();

            // Plugins loaded with the server get OnServerInitialized(true); later loads get false.
            MainLoop.Post(() =>
            {
                bool loaded = host.Loader.Load(true, null);
                Events.Emit("ready", "mode", mode, "dir", dir, "loaded", loaded, "items", items, "players", players);
            });
            if (options.ContainsKey("save-frames"))
            {
                host.SaveFrames = int.Parse(options["save-frames"]);
            }
            if (options.ContainsKey("frame-ms"))
            {
                MainLoop.FrameMs = int.Parse(options["frame-ms"]);
            }
            if (options.ContainsKey("save-interval"))
            {
                ScheduleSaves(host, float.Parse(options["save-interval"], System.Globalization.CultureInfo.InvariantCulture));
            }
            new Thread(() => ReadCommands(host)) { IsBackground = true }.Start();
            MainLoop.Run(host.Timers);
            return 0;
        }

        // server.saveinterval: the game starts an automatic save every so many seconds, unless one still
        // runs; it takes the same frames as any other.
        private static void ScheduleSaves(StandInHost host, float seconds)
        {
            host.Timers.Add(null, seconds, -1, () =>
            {
                if (!SaveRestore.IsSaving)
                {
                    host.Saver.StartAutomated(host.SaveFrames, null, written => { });
                }
            });
        }

        private static void ReadCommands(StandInHost host)
        {
            var input = new StreamReader(Console.OpenStandardInput(), new UTF8Encoding(false));
            string line;
            while ((line = input.ReadLine()) != null)
            {
                if (line.Trim().Length == 0)
                {
                    continue;
                }
                string command = line;
                MainLoop.Post(() => Commands.Handle(host, command));
            }
            // Nobody is driving the server any more: once what was sent has run, stop without a save.
            MainLoop.Post(() =>
            {
                Events.Flush();
                Environment.Exit(0);
            });
        }

        private static Dictionary<string, string> ParseOptions(string[] argv)
        {
            var options = new Dictionary<string, string>();
            for (int i = 0; i + 1 < argv.Length; i += 2)
            {
                if (!argv[i].StartsWith("--"))
                {
                    throw new ArgumentException("unexpected argument: " + argv[i]);
                }
                options[argv[i].Substring(2)] = argv[i + 1];
            }
            return options;
        }

        private static string Required(Dictionary<string, string> options, string name)
        {
            string value;
            if (!options.TryGetValue(name, out value))
            {
                throw new ArgumentException("--" + name + " is required");
            }
            return value;
        }
    }
}
