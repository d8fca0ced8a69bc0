// ConsoleSystem.Run as the game has it (Facepunch.Console/ConsoleSystem.cs): LastError is cleared,
// the arguments are appended quoted, a command without a dot before its first space is "global.",
// names are lower-cased, arguments split on spaces outside quotes (at most 16). A command that throws
// answers "Error: <name> - <message> (<source>)" and leaves LastError null; an unknown one sets
// LastError to "Command '<strCommand>' not found" and returns null. Known here: the plugin's own
// console commands, `say`, the framework's permission commands (permission-commands.cs) and
// `fail.command`, which always throws.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;
using Newtonsoft.Json.Linq;

namespace RustStandIn
{
    internal sealed class ConsoleCommands
    {
        private static readonly Regex SplitQuotes = new Regex("\"([^\"]+)\"|'([^']+)'|\\S+");
        private readonly StandInHost host;
        private readonly PermissionCommands permissionCommands;

        public ConsoleCommands(StandInHost host)
        {
            this.host = host;
            permissionCommands = new PermissionCommands(host);
        }

        public string Run(string strCommand, object[] args, string origin)
        {
            ConsoleSystem.LastError = null;
            string text = Build(strCommand, args);
            string name, fullString;
            string[] argv;
            string reply = null;
            bool found = Parse(text, out name, out argv, out fullString) && TryRun(name, argv, fullString, out reply);
            if (!found)
            {
                ConsoleSystem.LastError = "Command '" + strCommand + "' not found";
                reply = null;
            }
            Events.Emit("command", "text", text, "reply", reply, "lastError", ConsoleSystem.LastError, "origin", origin);
            return reply;
        }

        private bool TryRun(string name, string[] argv, string fullString, out string reply)
        {
            reply = "";
            StandInHost.Binding binding;
            if (host.ConsoleCommandsByName.TryGetValue(name, out binding))
            {
                var arg = new ConsoleSystem.Arg(argv);
                Hooks.CallLogged(binding.Plugin, binding.Callback, host.Describe(binding.Plugin), arg);
                reply = arg.reply;
                return true;
            }
            switch (name)
            {
                case "global.say":
                    foreach (BasePlayer player in BasePlayer.activePlayerList.ToList())
                    {
                        Events.Emit("chat", "steamId", player.UserIDString, "text", fullString, "from", "SERVER");
                    }
                    return true;
                case "server.save":
                {
                    // ConVar.Server.save (ConVar/Server.cs 1259-1268): SaveRestore.Save(AndWait: true), which does
                    // nothing while an automatic save runs.
                    Events.Log("info", "game", "Invalidate Network Cache took 0.00 seconds");
                    bool written;
                    host.Saver.SaveAndWait(out written);
                    return true;
                }
                case "fail.command":
                    try
                    {
                        AlwaysThrows();
                    }
                    catch (Exception ex)
                    {
                        reply = "Error: " + name + " - " + ex.Message + " (" + ex.Source + ")";
                        Events.Log("error", "game", ex.ToString());
                    }
                    return true;
                default:
                    return permissionCommands.TryRun(name, argv, out reply);
            }
        }

        private static void AlwaysThrows()
        {
            throw new InvalidOperationException("fail.command always fails");
        }

        /// <summary>ConsoleSystem.BuildCommand: each argument appended as a quoted string, quotes escaped.</summary>
        private static string Build(string strCommand, object[] args)
        {
            if (args == null || args.Length == 0)
            {
                return strCommand;
            }
            var builder = new StringBuilder(strCommand);
            foreach (object arg in args)
            {
                if (arg == null)
                {
                    builder.Append(" \"\"");
                }
                else if (arg is IEnumerable<string>)
                {
                    foreach (string item in (IEnumerable<string>)arg)
                    {
                        builder.Append(' ').Append(Quote(item));
                    }
                }
                else
                {
                    builder.Append(' ').Append(Quote(arg.ToString()));
                }
            }
            return builder.ToString();
        }

        private static string Quote(string value)
        {
            return "\"" + value.Replace("\"", "\\\"") + "\"";
        }

        /// <summary>ConsoleSystem.Arg.BuildCommand and StringExtensions.SplitQuotesStrings(16).</summary>
        private static bool Parse(string command, out string name, out string[] argv, out string fullString)
        {
            name = null;
            argv = new string[0];
            fullString = "";
            if (string.IsNullOrEmpty(command))
            {
                return false;
            }
            if (command.IndexOf('.') <= 0 || command.IndexOf(' ', 0, command.IndexOf('.')) != -1)
            {
                command = "global." + command;
            }
            int dot = command.IndexOf('.');
            string parent = command.Substring(0, dot).Trim().ToLower();
            string rest = command.Substring(dot + 1);
            int space = rest.IndexOf(' ');
            if (space > 0)
            {
                fullString = rest.Substring(space + 1).Trim();
                argv = Split(fullString, 16);
                rest = rest.Substring(0, space);
            }
            name = parent + "." + rest.Trim().ToLower();
            return parent.Length > 0 && rest.Trim().Length > 0;
        }

        private static string[] Split(string input, int maxCount)
        {
            input = input.Replace("\\\"", "&qute;");
            var list = new List<string>();
            Match match = SplitQuotes.Match(input);
            for (int i = 0; i < maxCount && match.Success; i++)
            {
                list.Add(match.Value.Trim(' ', '"').Replace("&qute;", "\""));
                match = match.NextMatch();
            }
            return list.ToArray();
        }
    }
}
