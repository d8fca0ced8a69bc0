// Oxide.Core.Libraries.Permission: the permission library a plugin reaches through its `permission`
// field. Real source: the decompiled Oxide.Core 2.0.4138 in SeiferUwU/RustServerManaged,
// Oxide.Core/Oxide.Core.Libraries/Permission.cs (OxideMod/Oxide.Core src/Libraries/Permission.cs);
// Carbon's is CarbonCommunity/Carbon src/Carbon.Components/Carbon.Common/src/Oxide/Libraries/
// Permissions.cs, in the same namespace. Only the members a plugin here uses, with Oxide's signatures:
// Carbon's GrantUserPermission/RevokeUserPermission return bool and its AddUserGroup takes a third,
// optional parameter, so a plugin that ignores those results and passes two arguments compiles on both.
// The data lives in the host (stand-in/permissions.cs), which follows each framework's rules.
using Oxide.Core.Plugins;
using RustStandIn.Bridge;

namespace Oxide.Core.Libraries
{
    public class Permission
    {
        private readonly IPermissions impl;

        internal Permission(IPermissions impl)
        {
            this.impl = impl;
        }

        public bool PermissionExists(string permission, Plugin owner = null)
        {
            return impl.PermissionExists(permission, owner);
        }

        public bool UserHasPermission(string playerId, string permission)
        {
            return impl.UserHasPermission(playerId, permission);
        }

        public string[] GetUserGroups(string playerId)
        {
            return impl.GetUserGroups(playerId);
        }

        public void AddUserGroup(string playerId, string groupName)
        {
            impl.AddUserGroup(playerId, groupName);
        }

        public void RemoveUserGroup(string playerId, string groupName)
        {
            impl.RemoveUserGroup(playerId, groupName);
        }

        public bool UserHasGroup(string playerId, string groupName)
        {
            return impl.UserHasGroup(playerId, groupName);
        }

        public bool GroupExists(string groupName)
        {
            return impl.GroupExists(groupName);
        }

        public string[] GetGroups()
        {
            return impl.GetGroups();
        }

        public void GrantUserPermission(string playerId, string permission, Plugin owner)
        {
            impl.GrantUserPermission(playerId, permission, owner);
        }

        public void RevokeUserPermission(string playerId, string permission)
        {
            impl.RevokeUserPermission(playerId, permission);
        }

        public bool CreateGroup(string groupName, string groupTitle, int groupRank)
        {
            return impl.CreateGroup(groupName, groupTitle, groupRank);
        }
    }
}
