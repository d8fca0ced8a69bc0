// Loading and unloading the plugin as Oxide (Oxide.Core Plugin.HandleAddedToManager, CSPlugin,
// CSharpPlugin, OxideMod.PluginLoaded/UnloadPlugin; Oxide.Rust RustCore) and Carbon (Carbon.Common
// ModLoader.InitializePlugin/UninitializePlugin, RustPlugin.Dispose) do it. Each load reads the DLL
// afresh, as each load compiles a fresh assembly: static fields start over.
using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using Oxide.Core.Plugins;
using Oxide.Plugins;

namespace RustStandIn
{
    internal sealed class PluginLoader
    {
        private readonly StandInHost host;
        private readonly Dictionary<Plugin, string> versions = new Dictionary<Plugin, string>();
        private string path;

        public PluginLoader(StandInHost host, string path)
        {
            this.host = host;
            this.path = path;
        }

        public Plugin Current { get; private set; }

        public bool IsLoaded
        {
            get { return Current != null; }
        }

        public string Name
        {
            get { return Path.GetFileNameWithoutExtension(path); }
        }

        public string VersionOf(Plugin plugin)
        {
            string version;
            return versions.TryGetValue(plugin, out version) ? version : "?";
        }

        /// <summary>Calls a hook on the loaded plugin (if any), logging what it throws.</summary>
        public object CallHook(string name, params object[] args)
        {
            return Current == null ? null : Hooks.CallLogged(Current, name, host.Describe(Current), args);
        }

        /// <summary>
        /// Config, default messages, Init, Loaded, then OnServerInitialized(initial). Oxide gives up on the
        /// plugin when its constructor, config, messages, Init or Loaded throws; Carbon only logs what the
        /// config and messages throw.
        /// </summary>
        public bool Load(bool initial, string newPath)
        {
            if (Current != null)
            {
                throw new InvalidOperationException("the plugin is already loaded");
            }
            if (!string.IsNullOrEmpty(newPath))
            {
                path = newPath;
            }
            Type type = FindPluginType(path);
            var info = (InfoAttribute)Attribute.GetCustomAttribute(type, typeof(InfoAttribute));
            if (info == null)
            {
                Events.Log("warning", host.Framework, "Failed to load " + type.Name + ": Info attribute missing");
                return false;
            }
            Plugin plugin;
            try
            {
                plugin = (Plugin)Activator.CreateInstance(type);
            }
            catch (Exception ex)
            {
                Events.Exception("Could not initialize plugin '" + type.Name + " v" + info.Version + "'", ex);
                return false;
            }
            versions[plugin] = info.Version;
            string step = "config";
            try
            {
                if (host.Carbon || Overrides(type, "LoadDefaultConfig"))
                {
                    RunStep(plugin.HostLoadConfig, "Failed ILoadConfig");
                }
                step = "messages";
                if (host.Carbon || Overrides(type, "LoadDefaultMessages"))
                {
                    RunStep(plugin.HostLoadDefaultMessages, "Failed to call hook 'LoadDefaultMessages' on plugin '" + host.Describe(plugin) + "'");
                }
                step = "Init";
                Hooks.Call(plugin, "Init");
                step = "Loaded";
                Hooks.Call(plugin, "Loaded");
            }
            catch (Exception ex)
            {
                string context = step == "Init" || step == "Loaded" ? "Failed to initialize plugin '" : "Could not initialize plugin '";
                Events.Exception(context + host.Describe(plugin) + "'", ex);
                Forget(plugin);
                return false;
            }
            Current = plugin;
            Events.Log("info", host.Framework, "Loaded plugin " + info.Title + " v" + info.Version + " by " + info.Author);
            Hooks.CallLogged(plugin, "OnServerInitialized", host.Describe(plugin), initial);
            return true;
        }

        /// <summary>Unload hook, then what each framework does to the plugin's requests, timers and texts.</summary>
        public void Unload()
        {
            Plugin plugin = Current;
            if (plugin == null)
            {
                throw new InvalidOperationException("the plugin is not loaded");
            }
            Hooks.CallLogged(plugin, "Unload", host.Describe(plugin));
            Current = null;
            Forget(plugin);
            Events.Log("info", host.Framework, "Unloaded plugin " + host.Describe(plugin));
        }

        private void Forget(Plugin plugin)
        {
            host.RemoveCommandsOf(plugin);
            host.Timers.DestroyFor(plugin);
            host.PermissionData.Unregister(plugin);
            if (host.Carbon)
            {
                ((CSharpPlugin)plugin).HostDropTimers();
            }
            else
            {
                host.Web.DropFor(plugin);
                host.SharedLang.OnUnload(plugin);
            }
        }

        // Carbon logs a failing config or messages step and goes on; Oxide lets it fail the load.
        private void RunStep(Action step, string carbonContext)
        {
            if (!host.Carbon)
            {
                step();
                return;
            }
            try
            {
                step();
            }
            catch (Exception ex)
            {
                Events.Exception(carbonContext, ex);
            }
        }

        private static bool Overrides(Type type, string method)
        {
            MethodInfo info = type.GetMethod(method, BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic);
            return info != null && info.DeclaringType != typeof(Plugin);
        }

        private Type FindPluginType(string dll)
        {
            byte[] symbols = null;
            foreach (string candidate in new[] { dll + ".mdb", Path.ChangeExtension(dll, ".pdb") })
            {
                if (File.Exists(candidate))
                {
                    symbols = File.ReadAllBytes(candidate);
                    break;
                }
            }
            Assembly assembly = Assembly.Load(File.ReadAllBytes(dll), symbols);
            Type type = assembly.GetType("Oxide.Plugins." + Name);
            if (type != null)
            {
                return type;
            }
            foreach (Type candidate in assembly.GetTypes())
            {
                if (!candidate.IsAbstract && typeof(RustPlugin).IsAssignableFrom(candidate))
                {
                    return candidate;
                }
            }
            throw new InvalidOperationException("no RustPlugin class in " + dll);
        }
    }
}
