// Oxide.Plugins: the base classes a plugin derives from, its attributes and timers, and the Rust
// command library. Real sources: OxideMod/Oxide.CSharp src/CSharpPlugin.cs, src/PluginTimers.cs;
// OxideMod/Oxide.Rust src/RustPlugin.cs, src/Libraries/Command.cs.
using System;
using Oxide.Core.Libraries;
using Oxide.Core.Plugins;
using Oxide.Game.Rust.Libraries;
using RustStandIn.Bridge;

namespace Oxide.Plugins
{
    [AttributeUsage(AttributeTargets.Class)]
    public class InfoAttribute : Attribute
    {
        public InfoAttribute(string Title, string Author, string Version)
        {
            this.Title = Title;
            this.Author = Author;
            this.Version = Version;
        }

        internal string Title { get; private set; }

        internal string Author { get; private set; }

        internal string Version { get; private set; }
    }

    [AttributeUsage(AttributeTargets.Class)]
    public class DescriptionAttribute : Attribute
    {
        public DescriptionAttribute(string description)
        {
            Description = description;
        }

        internal string Description { get; private set; }
    }

    public abstract class CSharpPlugin : CSPlugin
    {
        // Oxide fills these from its shared libraries; Carbon gives each plugin its own. The host decides.
        protected Lang lang;
        protected WebRequests webrequest;
        protected PluginTimers timer;

        // Oxide.CSharp CSharpPlugin.cs: `protected Permission permission = Interface.Oxide.GetLibrary<Permission>()`;
        // Carbon: `public Permission permission` on its Plugin, set to Interface.Oxide.Permission by
        // RustPlugin (Carbon.Common src/Oxide/Plugin.cs, RustPlugin.cs). One library for all plugins in both.
        protected Permission permission;

        protected CSharpPlugin()
        {
            timer = new PluginTimers(this);
            lang = new Lang(Host.Current.LangFor(this));
            webrequest = new WebRequests();
            permission = new Permission(Host.Current.Permissions);
        }

        // Oxide formats only when arguments are given, so a lone message may contain braces.
        protected void Puts(string format, params object[] args)
        {
            Host.Current.Log(this, LogLevel.Info, args.Length > 0 ? string.Format(format, args) : format);
        }

        protected void PrintWarning(string format, params object[] args)
        {
            Host.Current.Log(this, LogLevel.Warning, args.Length > 0 ? string.Format(format, args) : format);
        }

        protected void PrintError(string format, params object[] args)
        {
            Host.Current.Log(this, LogLevel.Error, args.Length > 0 ? string.Format(format, args) : format);
        }

        /// <summary>Carbon's RustPlugin.Dispose sets `timer` to null when the plugin is unloaded.</summary>
        internal void HostDropTimers()
        {
            timer = null;
        }
    }

    public abstract class RustPlugin : CSharpPlugin
    {
        protected Command cmd;

        protected RustPlugin()
        {
            cmd = new Command();
        }
    }

    public class Timer
    {
        private readonly ITimerHandle handle;

        internal Timer(ITimerHandle handle)
        {
            this.handle = handle;
        }

        public void Destroy()
        {
            handle.Destroy();
        }
    }

    public class PluginTimers
    {
        private readonly Plugin plugin;

        internal PluginTimers(Plugin plugin)
        {
            this.plugin = plugin;
        }

        public Timer Once(float seconds, Action callback)
        {
            return new Timer(Host.Current.AddTimer(plugin, seconds, 1, callback));
        }

        /// <summary>Oxide's Every is Repeat with -1 repetitions: forever.</summary>
        public Timer Every(float interval, Action callback)
        {
            return new Timer(Host.Current.AddTimer(plugin, interval, -1, callback));
        }
    }
}

namespace Oxide.Game.Rust.Libraries
{
    public class Command
    {
        internal Command()
        {
        }

        public void AddChatCommand(string name, Plugin plugin, string callback)
        {
            Host.Current.AddChatCommand(name, plugin, callback);
        }

        public void AddConsoleCommand(string command, Plugin plugin, string callback)
        {
            Host.Current.AddConsoleCommand(command, plugin, callback);
        }
    }
}
