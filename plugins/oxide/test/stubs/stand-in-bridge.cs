// The seam between the stub assembly and the stand-in host (plugins/oxide/test/stand-in).
// Everything here is internal: a plugin compiled against the stubs sees only the public members of
// Oxide and the game that the other files declare, and cannot reach the host. The host is the one
// friend assembly, so it can implement these interfaces and reach the stubs' internal state.
using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Oxide.Core.Libraries;
using Oxide.Core.Plugins;

[assembly: InternalsVisibleTo("RustStandIn")]

namespace RustStandIn.Bridge
{
    internal enum LogLevel
    {
        Info,
        Warning,
        Error
    }

    /// <summary>What the stubs ask of the running host. Set once, before any plugin is created.</summary>
    internal interface IHost
    {
        void Log(Plugin plugin, LogLevel level, string text);

        void Enqueue(string url, string body, Action<int, string> callback, Plugin owner, RequestMethod method,
            Dictionary<string, string> headers, float timeout);

        ITimerHandle AddTimer(Plugin owner, float delay, int repetitions, Action callback);

        void AddChatCommand(string command, Plugin plugin, string callback);

        void AddConsoleCommand(string command, Plugin plugin, string callback);

        /// <summary>Oxide hands every plugin the one shared Lang library; Carbon builds one per plugin.</summary>
        ILang LangFor(Plugin plugin);

        string ConfigPath(Plugin plugin);

        void ChatMessage(BasePlayer player, string message);

        bool GiveItem(PlayerInventory inventory, Item item, ItemContainer container, GiveItemOptions options);

        string RunConsole(ConsoleSystem.Option options, string command, object[] args);

        BasePlayer FindByID(ulong userId);

        /// <summary>Interface.CallHook: the loaded plugin's hook and the stand-in's other plugins (null: nobody answered).</summary>
        object CallHook(string name, params object[] args);

        /// <summary>World.SaveFileName.</summary>
        string SaveFileName { get; }

        /// <summary>ConVar.Server.rootFolder.</summary>
        string RootFolder { get; }

        /// <summary>The permission library (Oxide: one for all plugins; Carbon too, Interface.Oxide.Permission).</summary>
        IPermissions Permissions { get; }
    }

    internal interface IPermissions
    {
        bool PermissionExists(string permission, Plugin owner);

        bool UserHasPermission(string playerId, string permission);

        string[] GetUserGroups(string playerId);

        void AddUserGroup(string playerId, string groupName);

        void RemoveUserGroup(string playerId, string groupName);

        bool UserHasGroup(string playerId, string groupName);

        bool GroupExists(string groupName);

        string[] GetGroups();

        void GrantUserPermission(string playerId, string permission, Plugin owner);

        void RevokeUserPermission(string playerId, string permission);

        bool CreateGroup(string groupName, string groupTitle, int groupRank);
    }

    internal interface ITimerHandle
    {
        void Destroy();
    }

    internal interface ILang
    {
        void RegisterMessages(Dictionary<string, string> messages, Plugin plugin, string lang);

        string GetMessage(string key, Plugin plugin, string userId);

        Dictionary<string, string> GetMessages(string lang, Plugin plugin);
    }

    internal static class Host
    {
        internal static IHost Current;
    }
}
