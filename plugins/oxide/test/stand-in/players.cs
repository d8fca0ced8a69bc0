// Players joining, leaving and typing in chat. OnPlayerConnected fires once the player is in
// BasePlayer.activePlayerList; OnPlayerDisconnected while the player still is. A chat line starting
// with "/" is a command, parsed as Oxide.Rust's RustCore.ParseCommand does (spaces outside double
// quotes, quotes dropped) and looked up by its lower-cased name; the plugin's method gets the name
// as typed. An unknown command answers "Unknown command: <name>" in the player's chat.
using System;
using System.Collections.Generic;
using System.Text;

namespace RustStandIn
{
    internal static class Players
    {
        public static void Connect(StandInHost host, string steamId, string name)
        {
            BasePlayer player = host.Game.GetOrCreate(steamId, name);
            if (player.connected)
            {
                throw new InvalidOperationException("already connected: " + steamId);
            }
            if (!string.IsNullOrEmpty(name))
            {
                player.name = name;
            }
            // Oxide adds a joining player to the default group (RustCore.IOnUserApprove); Carbon creates the
            // player's record and does the same (Permission.RefreshUser, from its OnPlayerConnected).
            host.PermissionData.OnJoin(player.UserIDString, player.name);
            player.connected = true;
            BasePlayer.activePlayerList.Add(player);
            host.Loader.CallHook("OnPlayerConnected", player);
        }

        public static void Disconnect(StandInHost host, string steamId, string reason)
        {
            BasePlayer player = host.Game.Get(steamId);
            if (!player.connected)
            {
                throw new InvalidOperationException("not connected: " + steamId);
            }
            host.Loader.CallHook("OnPlayerDisconnected", player, reason);
            player.connected = false;
            BasePlayer.activePlayerList.Remove(player);
        }

        /// <summary>True when the line was a chat command some plugin registered.</summary>
        public static bool Chat(StandInHost host, string steamId, string text)
        {
            BasePlayer player = host.Game.Get(steamId);
            if (!player.connected)
            {
                throw new InvalidOperationException("not connected: " + steamId);
            }
            string line = text.Replace("\n", "").Replace("\r", "").Trim();
            if (!line.StartsWith("/"))
            {
                return false;
            }
            string command;
            string[] args;
            Parse(line.Substring(1), out command, out args);
            if (command == null)
            {
                return false;
            }
            StandInHost.Binding binding;
            if (!host.ChatCommands.TryGetValue(command.ToLowerInvariant(), out binding))
            {
                player.ChatMessage("Unknown command: " + command);
                return false;
            }
            Hooks.CallLogged(binding.Plugin, binding.Callback, host.Describe(binding.Plugin), player, command, args);
            return true;
        }

        private static void Parse(string text, out string command, out string[] args)
        {
            var list = new List<string>();
            var current = new StringBuilder();
            bool quoted = false;
            foreach (char c in text)
            {
                if (c == '"')
                {
                    if (quoted)
                    {
                        Add(list, current);
                    }
                    quoted = !quoted;
                }
                else if (char.IsWhiteSpace(c) && !quoted)
                {
                    Add(list, current);
                }
                else
                {
                    current.Append(c);
                }
            }
            Add(list, current);
            if (list.Count == 0)
            {
                command = null;
                args = null;
                return;
            }
            command = list[0];
            list.RemoveAt(0);
            args = list.ToArray();
        }

        private static void Add(List<string> list, StringBuilder current)
        {
            string token = current.ToString().Trim();
            if (token.Length > 0)
            {
                list.Add(token);
            }
            current.Clear();
        }
    }
}
