// The frameworks' permission console commands, run from the server console or RCON.
// Oxide (Oxide.Rust RustCore.cs: GrantCommand 55-118, GroupCommand 120-190, RevokeCommand 332-394,
// UserGroupCommand 529-574, registered at 631-639 as oxide.*, o.* and perm.*; texts from Oxide.Core
// Localization.cs). A covalence command answers the server console through RustConsolePlayer.Reply,
// which only logs (Interface.Oxide.LogInfo, RustConsolePlayer.cs 107-127): every answer, a failure
// included, is a log line, and ConsoleSystem.Run returns "" with LastError null. A player is looked up by
// id or name among the connected players, then among all known ones (RustPlayerManager.FindPlayers); an
// unknown 17-digit id is used as it is.
// Carbon (CarbonCommunity/Carbon src/Carbon.Components/Carbon.Common/src/Carbon/CorePlugin/
// Core.Commands.Permission.cs: grant 99-205, revoke 207-306, usergroup 664-776, group 778-900),
// registered as c.* and carbon.*: every answer is the command's reply (arg.ReplyWith). Whether Carbon also
// answers the oxide.* names is not shown by its source; the stand-in assumes it does not (an unknown
// command).
using System;
using System.Linq;

namespace RustStandIn
{
    internal sealed class PermissionCommands
    {
        private readonly StandInHost host;

        public PermissionCommands(StandInHost host)
        {
            this.host = host;
        }

        private PermissionStore Store
        {
            get { return host.PermissionData; }
        }

        public bool TryRun(string name, string[] argv, out string reply)
        {
            reply = "";
            int dot = name.IndexOf('.');
            string prefix = name.Substring(0, dot);
            string command = name.Substring(dot + 1);
            bool ours = host.Carbon ? prefix == "c" || prefix == "carbon" : prefix == "oxide" || prefix == "o" || prefix == "perm";
            if (!ours)
            {
                return false;
            }
            if (host.Carbon)
            {
                switch (command)
                {
                    case "usergroup":
                        reply = CarbonUserGroup(argv);
                        return true;
                    case "grant":
                        reply = CarbonGrant(argv, true);
                        return true;
                    case "revoke":
                        reply = CarbonGrant(argv, false);
                        return true;
                    case "group":
                        reply = CarbonGroup(argv);
                        return true;
                    default:
                        return false;
                }
            }
            string answer;
            switch (command)
            {
                case "usergroup":
                    answer = OxideUserGroup(argv);
                    break;
                case "grant":
                    answer = OxideGrant(argv, true);
                    break;
                case "revoke":
                    answer = OxideGrant(argv, false);
                    break;
                case "group":
                    answer = OxideGroup(argv);
                    break;
                default:
                    return false;
            }
            Events.Log("info", "oxide", answer);
            return true;
        }

        // RustPlayerManager.FindPlayers: connected players first, then everyone known; an exact name or id
        // wins, otherwise every partial name match.
        private BasePlayer[] FindPlayers(string partialNameOrId)
        {
            foreach (bool connectedOnly in new[] { true, false })
            {
                var found = new System.Collections.Generic.List<BasePlayer>();
                foreach (BasePlayer player in host.Game.Players.Where(p => !connectedOnly || p.connected))
                {
                    if (player.name.Equals(partialNameOrId, StringComparison.OrdinalIgnoreCase) || player.UserIDString == partialNameOrId)
                    {
                        return new[] { player };
                    }
                    if (player.name.IndexOf(partialNameOrId, StringComparison.OrdinalIgnoreCase) >= 0)
                    {
                        found.Add(player);
                    }
                }
                if (found.Count > 0)
                {
                    return found.ToArray();
                }
            }
            return new BasePlayer[0];
        }

        // RustCore's validate: a number of at least 17 digits.
        private static bool UserIdValid(string id)
        {
            ulong number;
            return ulong.TryParse(id, out number) && (number == 0 ? 1 : (int)Math.Floor(Math.Log10(number) + 1.0)) >= 17;
        }

        private string OxideUserGroup(string[] argv)
        {
            if (argv.Length < 3)
            {
                return "Usage: oxide.usergroup <add|remove> <username> <groupname>";
            }
            string action = argv[0], name = argv[1], group = argv[2];
            BasePlayer[] found = FindPlayers(name);
            if (found.Length > 1)
            {
                return "Multiple players were found, please specify: " + string.Join(", ", found.Select(p => p.name).ToArray());
            }
            BasePlayer player = found.Length == 1 ? found[0] : null;
            if (player == null && !UserIdValid(name))
            {
                return "Player '" + name + "' not found";
            }
            string id = name;
            if (player != null)
            {
                id = player.UserIDString;
                name = player.name + "(" + id + ")";
            }
            if (!Store.GroupExists(group))
            {
                return "Group '" + group + "' doesn't exist";
            }
            if (action == "add")
            {
                Store.AddUserGroup(id, group);
                return "Player '" + name + "' added to group: " + group;
            }
            if (action == "remove")
            {
                Store.RemoveUserGroup(id, group);
                return "Player '" + name + "' removed from group '" + group + "'";
            }
            return "Usage: oxide.usergroup <add|remove> <username> <groupname>";
        }

        private string OxideGrant(string[] argv, bool grant)
        {
            string usage = grant ? "Usage: oxide.grant <group|user> <name|id> <permission>" : "Usage: oxide.revoke <group|user> <name|id> <permission>";
            if (argv.Length < 3)
            {
                return usage;
            }
            string scope = argv[0], name = argv[1], perm = argv[2];
            if (grant && !Store.PermissionExists(perm, null))
            {
                return "Permission '" + perm + "' doesn't exist";
            }
            if (scope == "group")
            {
                if (!Store.GroupExists(name))
                {
                    return "Group '" + name + "' doesn't exist";
                }
                if (grant)
                {
                    if (Store.GroupHasPermission(name, perm))
                    {
                        return "Group '" + name + "' already has permission '" + perm + "'";
                    }
                    Store.GrantGroup(name, perm, null);
                    return "Group '" + name + "' granted permission '" + perm + "'";
                }
                if (!Store.GroupHasPermission(name, perm))
                {
                    return "Group '" + name + "' does not have permission '" + perm + "'";
                }
                Store.RevokeGroup(name, perm);
                return "Group '" + name + "' revoked permission '" + perm + "'";
            }
            if (scope != "user")
            {
                return usage;
            }
            BasePlayer[] found = FindPlayers(name);
            if (found.Length > 1)
            {
                return "Multiple players were found, please specify: " + string.Join(", ", found.Select(p => p.name).ToArray());
            }
            BasePlayer player = found.Length == 1 ? found[0] : null;
            if (player == null && !UserIdValid(name))
            {
                return "Player '" + name + "' not found";
            }
            string id = name;
            if (player != null)
            {
                id = player.UserIDString;
                name = player.name;
            }
            if (grant)
            {
                // RustCore asks UserHasPermission with the name, not the id (GrantCommand, line 105).
                if (Store.UserHasPermission(name, perm))
                {
                    return "Player '" + id + "' already has permission '" + perm + "'";
                }
                Store.GrantUser(id, perm, null);
                return "Player '" + name + " (" + id + ")' granted permission '" + perm + "'";
            }
            if (!Store.UserHasPermission(id, perm))
            {
                return "Player '" + name + "' does not have permission '" + perm + "'";
            }
            Store.RevokeUserPermission(id, perm);
            return "Player '" + name + " (" + id + ")' revoked permission '" + perm + "'";
        }

        private string OxideGroup(string[] argv)
        {
            if (argv.Length < 2)
            {
                return "Usage: oxide.group <add|set> <name> [title] [rank]";
            }
            string action = argv[0], group = argv[1];
            string title = argv.Length >= 3 ? argv[2] : "";
            int rank = argv.Length == 4 ? int.Parse(argv[3]) : 0;
            if (action == "add")
            {
                if (Store.GroupExists(group))
                {
                    return "Group '" + group + "' already exists";
                }
                Store.CreateGroup(group, title, rank);
                return "Group '" + group + "' created";
            }
            if (action == "remove")
            {
                if (!Store.GroupExists(group))
                {
                    return "Group '" + group + "' doesn't exist";
                }
                Store.RemoveGroup(group);
                return "Group '" + group + "' deleted";
            }
            return "Usage: oxide.group <add|set> <name> [title] [rank]";
        }

        private string CarbonUserGroup(string[] argv)
        {
            const string usage = "Syntax: c.usergroup <add|remove> <player> <group>\nSyntax: c.usergroup <addall|removeall> <group>";
            string action = argv.Length > 0 ? argv[0] : "";
            if (action != "add" && action != "remove")
            {
                return usage;
            }
            if (argv.Length < 3)
            {
                return usage;
            }
            string group = argv[2];
            if (!Store.GroupExists(group))
            {
                return "Group '" + group + "' could not be found.";
            }
            string id = Store.CarbonFindUser(argv[1]);
            if (id == null)
            {
                return "Couldn't find that player.";
            }
            string who = Store.Nickname(id) + "[" + id + "]";
            if (action == "add")
            {
                if (Store.UserHasGroup(id, group))
                {
                    return who + " is already in '" + group + "' group.";
                }
                Store.AddUserGroup(id, group);
                return "Added " + who + " to '" + group + "' group.";
            }
            if (!Store.UserHasGroup(id, group))
            {
                return who + " isn't in '" + group + "' group.";
            }
            Store.RemoveUserGroup(id, group);
            return "Removed " + who + " from '" + group + "' group.";
        }

        private string CarbonGrant(string[] argv, bool grant)
        {
            string verb = grant ? "grant" : "revoke";
            if (argv.Length < 3)
            {
                return "Syntax: c." + verb + " <user|group> <name|id> <perm>\nSyntax: c." + verb + " <user|group> <name|id> *";
            }
            string scope = argv[0], name = argv[1], perm = argv[2];
            string id = Store.CarbonFindUser(name);
            if (grant && !Store.PermissionExists(perm, null))
            {
                return "Couldn't grant permission - permission does not exist.";
            }
            if (scope == "user")
            {
                if (id == null)
                {
                    return "Couldn't " + verb + " user permission - user not found, use full name or steam ID.";
                }
                if (grant)
                {
                    if (Store.UserHasPermission(id, perm))
                    {
                        return "Already has that permission assigned.";
                    }
                    return Store.GrantUser(id, perm, null) ? "Granted user '" + Store.Nickname(id) + "' permission '" + perm + "'" : "Couldn't grant user permission.";
                }
                if (!Store.UserHasPermission(id, perm))
                {
                    return "User does not have that permission assigned.";
                }
                // A permission the user has only through a group is not the user's to revoke.
                return Store.RevokeUser(id, perm) ? "Revoked user '" + Store.Nickname(id) + "' permission '" + perm + "'" : "Couldn't revoke user permission.";
            }
            if (scope == "group")
            {
                if (!Store.GroupExists(name))
                {
                    return "Couldn't " + verb + " group permission - group not found, use full name.";
                }
                if (grant)
                {
                    if (Store.GroupHasPermission(name, perm))
                    {
                        return "Already has that permission assigned.";
                    }
                    return Store.GrantGroup(name, perm, null) ? "Granted group '" + name + "' permission '" + perm + "'" : "Couldn't grant group permission.";
                }
                if (!Store.GroupHasPermission(name, perm))
                {
                    return "Group does not have that permission assigned.";
                }
                return Store.RevokeGroup(name, perm) ? "Revoked group '" + name + "' permission '" + perm + "'" : "Couldn't revoke group permission.";
            }
            return "Syntax: c." + verb + " <user|group> <name|id> <perm>\nSyntax: c." + verb + " <user|group> <name|id> *";
        }

        private string CarbonGroup(string[] argv)
        {
            const string usage = "Syntax: c.group add <group> [<displayName>] [<rank>]\nSyntax: c.group remove <group>\n" +
                "Syntax: c.group set <group> <title|rank> <value>\nSyntax: c.group parent <group> [<parent>]";
            if (argv.Length < 2)
            {
                return usage;
            }
            string action = argv[0], group = argv[1];
            if (action == "add")
            {
                if (Store.GroupExists(group))
                {
                    return "Group '" + group + "' already exists. To set any values for this group, use 'c.group set'.";
                }
                int rank;
                Store.CreateGroup(group, argv.Length >= 3 ? argv[2] : group, argv.Length >= 4 && int.TryParse(argv[3], out rank) ? rank : 0);
                return "Created '" + group + "' group.";
            }
            if (action == "remove")
            {
                return Store.RemoveGroup(group) ? "Removed '" + group + "' group." : "Couldn't remove '" + group + "' group.";
            }
            return usage;
        }
    }
}
