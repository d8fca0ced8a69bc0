// The permission library (Oxide.Core.Libraries.Permission) as each framework has it.
// Oxide: the decompiled Oxide.Core 2.0.4138, SeiferUwU/RustServerManaged Oxide.Core/Oxide.Core.Libraries/
// Permission.cs. Users and groups are dictionaries with case-insensitive keys and case-insensitive sets;
// any call naming a user creates that user's record (GetUserData). AddUserGroup, UserHasGroup and
// RemoveUserGroup do nothing (false) for a group that does not exist; GrantUserPermission does nothing
// for a permission no plugin registered. The groups `default` and `admin` exist (RustCore creates the
// OxideConfig DefaultGroups at start, Oxide.Rust RustCore.cs 650-657), and a joining player is added
// to `default` (RustCore.IOnUserApprove, 1033-1044).
// Carbon: CarbonCommunity/Carbon src/Carbon.Components/Carbon.Common/src/Oxide/Libraries/Permissions.cs.
// The same, except that group names and permissions are stored lower-cased, and that only a player who
// joined (RefreshUser, called on connect: CorePlugin/Core.Hooks.Connection.cs) has a record: for anyone
// else GetUserData returns one shared blank record (`_blankUser`, line 41 and 381-393), which is what
// AddUserGroup and GrantUserPermission then change, so the change reaches no real user and is never saved.
// Persistence (both): the data is written on OnServerSave (Oxide.Rust RustCore.OnServerSave →
// OxideMod.OnSave → SaveData; Carbon CorePlugin/Core.Plugin.cs OnServerSave) and at shutdown
// (OxideMod.OnShutdown, both), to <dir>/data/oxide.users.data and oxide.groups.data (JSON here; the real
// files are protobuf). A crash loses what changed since.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using Oxide.Core.Plugins;
using RustStandIn.Bridge;

namespace RustStandIn
{
    internal sealed class PermissionStore : IPermissions
    {
        private sealed class UserData
        {
            public string LastSeenNickname = "Unnamed";
            public HashSet<string> Perms = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
            public HashSet<string> Groups = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        }

        private sealed class GroupData
        {
            public string Title = "";
            public int Rank;
            public HashSet<string> Perms = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
            public string ParentGroup = "";
        }

        private readonly bool carbon;
        private readonly string directory;
        private readonly UserData blankUser = new UserData();
        private readonly Dictionary<object, HashSet<string>> registered = new Dictionary<object, HashSet<string>>();
        private Dictionary<string, UserData> users = new Dictionary<string, UserData>(StringComparer.OrdinalIgnoreCase);
        private Dictionary<string, GroupData> groups = new Dictionary<string, GroupData>(StringComparer.OrdinalIgnoreCase);

        public PermissionStore(bool carbon, string directory)
        {
            this.carbon = carbon;
            this.directory = directory;
        }

        private string UsersPath
        {
            get { return Path.Combine(directory, "oxide.users.data"); }
        }

        private string GroupsPath
        {
            get { return Path.Combine(directory, "oxide.groups.data"); }
        }

        /// <summary>Reads the saved data, then creates the default groups that are missing.</summary>
        public void Load(IEnumerable<string> extraGroups)
        {
            if (File.Exists(UsersPath))
            {
                users = JsonConvert.DeserializeObject<Dictionary<string, UserData>>(File.ReadAllText(UsersPath));
                users = new Dictionary<string, UserData>(users, StringComparer.OrdinalIgnoreCase);
                foreach (UserData user in users.Values)
                {
                    user.Perms = new HashSet<string>(user.Perms, StringComparer.OrdinalIgnoreCase);
                    user.Groups = new HashSet<string>(user.Groups, StringComparer.OrdinalIgnoreCase);
                }
            }
            if (File.Exists(GroupsPath))
            {
                groups = JsonConvert.DeserializeObject<Dictionary<string, GroupData>>(File.ReadAllText(GroupsPath));
                groups = new Dictionary<string, GroupData>(groups, StringComparer.OrdinalIgnoreCase);
                foreach (GroupData group in groups.Values)
                {
                    group.Perms = new HashSet<string>(group.Perms, StringComparer.OrdinalIgnoreCase);
                }
            }
            int rank = 0;
            foreach (string name in new[] { "default", "admin" }.Concat(extraGroups ?? new string[0]))
            {
                if (!GroupExists(name))
                {
                    CreateGroup(name, name, rank);
                }
                rank++;
            }
        }

        /// <summary>Permission.SaveData: both files, written whole.</summary>
        public void Save()
        {
            Directory.CreateDirectory(directory);
            File.WriteAllText(UsersPath, JsonConvert.SerializeObject(users, Formatting.Indented), new UTF8Encoding(false));
            File.WriteAllText(GroupsPath, JsonConvert.SerializeObject(groups, Formatting.Indented), new UTF8Encoding(false));
        }

        /// <summary>A player joins: Oxide's IOnUserApprove, Carbon's RefreshUser.</summary>
        public void OnJoin(string playerId, string name)
        {
            UserData user = carbon ? GetUserData(playerId, true) : GetUserData(playerId);
            user.LastSeenNickname = name ?? playerId;
            if (!UserHasGroup(playerId, "default"))
            {
                AddUserGroup(playerId, "default");
            }
        }

        /// <summary>RegisterPermission, by the plugin (owner) or by another plugin (a name).</summary>
        public void Register(string permission, object owner)
        {
            if (string.IsNullOrEmpty(permission) || PermissionExistsFor(permission, null))
            {
                return;
            }
            HashSet<string> set;
            if (!registered.TryGetValue(owner, out set))
            {
                registered[owner] = set = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
            }
            set.Add(carbon ? permission.ToLowerInvariant() : permission);
        }

        /// <summary>The plugin unloads: its permissions are no longer registered (owner_OnRemovedFromManager).</summary>
        public void Unregister(object owner)
        {
            registered.Remove(owner);
        }

        public bool PermissionExists(string permission, Plugin owner)
        {
            return PermissionExistsFor(permission, owner);
        }

        private bool PermissionExistsFor(string permission, object owner)
        {
            if (string.IsNullOrEmpty(permission))
            {
                return false;
            }
            IEnumerable<string> candidates;
            if (owner == null)
            {
                candidates = registered.Values.SelectMany(v => v);
            }
            else
            {
                HashSet<string> set;
                if (!registered.TryGetValue(owner, out set))
                {
                    return false;
                }
                candidates = set;
            }
            List<string> list = candidates.ToList();
            if (list.Count > 0)
            {
                if (permission == "*")
                {
                    return true;
                }
                if (permission.EndsWith("*"))
                {
                    string prefix = permission.TrimEnd('*');
                    return list.Any(p => p.StartsWith(prefix, StringComparison.OrdinalIgnoreCase));
                }
            }
            return list.Contains(permission, StringComparer.OrdinalIgnoreCase);
        }

        public bool UserHasPermission(string playerId, string permission)
        {
            if (string.IsNullOrEmpty(permission) || (carbon && (string.IsNullOrEmpty(playerId) || permission == "*")))
            {
                return false;
            }
            if (playerId == "server_console")
            {
                return true;
            }
            UserData user = GetUserData(playerId);
            return user.Perms.Contains(permission) || user.Groups.Any(g => GroupHasPermission(g, permission, 0));
        }

        private bool GroupHasPermission(string groupName, string permission, int depth)
        {
            GroupData group;
            if (depth > 32 || string.IsNullOrEmpty(groupName) || !groups.TryGetValue(groupName, out group))
            {
                return false;
            }
            return group.Perms.Contains(permission) || GroupHasPermission(group.ParentGroup, permission, depth + 1);
        }

        public string[] GetUserGroups(string playerId)
        {
            return GetUserData(playerId).Groups.ToArray();
        }

        public void AddUserGroup(string playerId, string groupName)
        {
            if (GroupExists(groupName))
            {
                GetUserData(playerId).Groups.Add(carbon ? groupName.ToLowerInvariant() : groupName);
            }
        }

        public void RemoveUserGroup(string playerId, string groupName)
        {
            if (!GroupExists(groupName))
            {
                return;
            }
            UserData user = GetUserData(playerId);
            if (groupName == "*")
            {
                user.Groups.Clear();
            }
            else
            {
                user.Groups.Remove(groupName);
            }
        }

        public bool UserHasGroup(string playerId, string groupName)
        {
            if (carbon ? string.IsNullOrEmpty(groupName) || !groups.ContainsKey(groupName) : !GroupExists(groupName))
            {
                return false;
            }
            return GetUserData(playerId).Groups.Contains(groupName);
        }

        public bool GroupExists(string groupName)
        {
            if (string.IsNullOrEmpty(groupName))
            {
                return false;
            }
            return groupName == "*" || groups.ContainsKey(groupName);
        }

        public string[] GetGroups()
        {
            return groups.Keys.ToArray();
        }

        public void GrantUserPermission(string playerId, string permission, Plugin owner)
        {
            GrantUser(playerId, permission, owner);
        }

        /// <summary>Permission.GrantUserPermission; owner null: any plugin's permission (the console's grant).</summary>
        public bool GrantUser(string playerId, string permission, object owner)
        {
            if (!PermissionExistsFor(permission, owner))
            {
                return false;
            }
            UserData user = GetUserData(playerId);
            return Grant(user.Perms, permission, owner);
        }

        public bool GrantGroup(string groupName, string permission, object owner)
        {
            GroupData group;
            if (!PermissionExistsFor(permission, owner) || !groups.TryGetValue(groupName ?? "", out group))
            {
                return false;
            }
            return Grant(group.Perms, permission, owner);
        }

        private bool Grant(HashSet<string> perms, string permission, object owner)
        {
            if (carbon)
            {
                permission = permission.ToLowerInvariant();
            }
            if (!permission.EndsWith("*"))
            {
                return perms.Add(permission);
            }
            IEnumerable<string> candidates;
            if (owner == null)
            {
                candidates = registered.Values.SelectMany(v => v);
            }
            else
            {
                HashSet<string> set;
                if (!registered.TryGetValue(owner, out set))
                {
                    return false;
                }
                candidates = set;
            }
            string prefix = permission.TrimEnd('*');
            bool changed = false;
            foreach (string p in candidates.Where(p => permission == "*" || p.StartsWith(prefix, StringComparison.OrdinalIgnoreCase)).ToList())
            {
                changed |= perms.Add(p);
            }
            return changed;
        }

        public void RevokeUserPermission(string playerId, string permission)
        {
            RevokeUser(playerId, permission);
        }

        /// <summary>Carbon's RevokeUserPermission returns whether the user's own grants changed.</summary>
        public bool RevokeUser(string playerId, string permission)
        {
            if (string.IsNullOrEmpty(permission))
            {
                return false;
            }
            return Revoke(GetUserData(playerId).Perms, permission);
        }

        public bool RevokeGroup(string groupName, string permission)
        {
            GroupData group;
            if (string.IsNullOrEmpty(permission) || !groups.TryGetValue(groupName ?? "", out group))
            {
                return false;
            }
            return Revoke(group.Perms, permission);
        }

        private static bool Revoke(HashSet<string> perms, string permission)
        {
            if (permission == "*")
            {
                bool any = perms.Count > 0;
                perms.Clear();
                return any;
            }
            if (permission.EndsWith("*"))
            {
                string prefix = permission.TrimEnd('*');
                return perms.RemoveWhere(p => p.StartsWith(prefix, StringComparison.OrdinalIgnoreCase)) > 0;
            }
            return perms.Remove(permission);
        }

        public bool CreateGroup(string groupName, string groupTitle, int groupRank)
        {
            if (string.IsNullOrEmpty(groupName) || GroupExists(groupName))
            {
                return false;
            }
            groups.Add(carbon ? groupName.ToLowerInvariant() : groupName, new GroupData { Title = groupTitle, Rank = groupRank });
            return true;
        }

        /// <summary>Permission.RemoveGroup: members lose it (Oxide then saves the users file at once).</summary>
        public bool RemoveGroup(string groupName)
        {
            if (!GroupExists(groupName) || groupName == "*")
            {
                return false;
            }
            groups.Remove(groupName);
            bool anyUser = false;
            foreach (UserData user in users.Values)
            {
                anyUser |= user.Groups.Remove(groupName);
            }
            if (anyUser && !carbon)
            {
                Directory.CreateDirectory(directory);
                File.WriteAllText(UsersPath, JsonConvert.SerializeObject(users, Formatting.Indented), new UTF8Encoding(false));
            }
            return true;
        }

        /// <summary>Oxide creates a record for any id; Carbon only when asked to (a join, a console command).</summary>
        private UserData GetUserData(string playerId, bool addIfNotExisting = false)
        {
            UserData user;
            if (users.TryGetValue(playerId ?? "", out user))
            {
                return user;
            }
            if (carbon && !addIfNotExisting)
            {
                return blankUser;
            }
            users[playerId ?? ""] = user = new UserData();
            return user;
        }

        public bool GroupHasPermission(string groupName, string permission)
        {
            return !string.IsNullOrEmpty(permission) && GroupExists(groupName) && GroupHasPermission(groupName, permission, 0);
        }

        public string[] GetUserPermissions(string playerId)
        {
            UserData user = GetUserData(playerId);
            var all = new HashSet<string>(user.Perms, StringComparer.OrdinalIgnoreCase);
            foreach (string group in user.Groups)
            {
                GroupData data;
                if (groups.TryGetValue(group, out data))
                {
                    all.UnionWith(data.Perms);
                }
            }
            return all.ToArray();
        }

        public string[] GetGroupPermissions(string groupName)
        {
            GroupData data;
            return groupName != null && groups.TryGetValue(groupName, out data) ? data.Perms.ToArray() : new string[0];
        }

        public string Nickname(string playerId)
        {
            return GetUserData(playerId).LastSeenNickname;
        }

        /// <summary>
        /// Carbon's Permission.FindUser (Permissions.cs 406-434): a Steam id (above 76561197960265728) gets its
        /// record, created if missing; anything else is looked up by id or in the nicknames. Null: nobody.
        /// </summary>
        public string CarbonFindUser(string id)
        {
            ulong number;
            if (ulong.TryParse(id, out number) && number > 76561197960265728UL)
            {
                GetUserData(id, true);
                return id;
            }
            foreach (KeyValuePair<string, UserData> user in users)
            {
                if (user.Key == id)
                {
                    return user.Key;
                }
            }
            foreach (KeyValuePair<string, UserData> user in users)
            {
                if (!string.IsNullOrEmpty(user.Value.LastSeenNickname) &&
                    user.Value.LastSeenNickname.IndexOf(id, StringComparison.InvariantCultureIgnoreCase) >= 0)
                {
                    return user.Key;
                }
            }
            return null;
        }

        public bool UserExists(string playerId)
        {
            return users.ContainsKey(playerId ?? "");
        }

        public JObject ToJson()
        {
            var userGroups = new JObject();
            var userPermissions = new JObject();
            foreach (KeyValuePair<string, UserData> user in users.OrderBy(u => u.Key, StringComparer.Ordinal))
            {
                userGroups[user.Key] = Sorted(user.Value.Groups);
                userPermissions[user.Key] = Sorted(user.Value.Perms);
            }
            var groupPermissions = new JObject();
            foreach (KeyValuePair<string, GroupData> group in groups.OrderBy(g => g.Key, StringComparer.Ordinal))
            {
                groupPermissions[group.Key] = Sorted(group.Value.Perms);
            }
            var registeredJson = new JArray(registered.Values.SelectMany(v => v).OrderBy(p => p, StringComparer.Ordinal).ToArray());
            return new JObject
            {
                { "groups", new JArray(groups.Keys.OrderBy(g => g, StringComparer.Ordinal).ToArray()) },
                { "userGroups", userGroups }, { "userPermissions", userPermissions },
                { "groupPermissions", groupPermissions }, { "registered", registeredJson },
                { "blankUser", new JObject { { "groups", Sorted(blankUser.Groups) }, { "permissions", Sorted(blankUser.Perms) } } }
            };
        }

        private static JArray Sorted(IEnumerable<string> values)
        {
            return new JArray(values.OrderBy(v => v, StringComparer.Ordinal).ToArray());
        }
    }
}
