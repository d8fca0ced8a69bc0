// Oxide.Core as a plugin sees it: Interface.Oxide, the Plugin base class and its config file.
// Real sources: OxideMod/Oxide.Core src/Interface.cs, src/OxideMod.cs, src/Plugins/Plugin.cs,
// src/Plugins/CSPlugin.cs, src/Configuration/DynamicConfigFile.cs (signatures checked against the
// decompiled December 2025 build in SeiferUwU/RustServerManaged, Oxide.Core/).
using System;
using System.Collections.Generic;
using System.IO;
using Newtonsoft.Json;
using Oxide.Core.Configuration;
using RustStandIn.Bridge;

namespace Oxide.Core
{
    public static class Interface
    {
        public static OxideMod Oxide { get; private set; }

        internal static void Install(OxideMod mod)
        {
            Oxide = mod;
        }
    }

    public sealed class OxideMod
    {
        internal OxideMod(string dataDirectory)
        {
            DataDirectory = dataDirectory;
        }

        /// <summary>oxide/data in a real server; the stand-in's &lt;dir&gt;/data.</summary>
        public string DataDirectory { get; private set; }
    }
}

namespace Oxide.Core.Plugins
{
    public abstract class Plugin
    {
        private string name;

        protected Plugin()
        {
            Name = GetType().Name;
        }

        // The real setter only accepts a name while none is set or it still equals the type's name.
        public string Name
        {
            get { return name; }
            set
            {
                if (string.IsNullOrEmpty(Name) || name == GetType().Name)
                {
                    name = value;
                }
            }
        }

        public DynamicConfigFile Config { get; private set; }

        // As Plugin.LoadConfig: a missing file gets the defaults written first; a file that does not
        // parse is reported and left alone (the plugin's own override decides what to do next).
        protected virtual void LoadConfig()
        {
            Config = new DynamicConfigFile(Host.Current.ConfigPath(this));
            if (!Config.Exists())
            {
                LoadDefaultConfig();
                SaveConfig();
            }
            try
            {
                Config.Load();
            }
            catch (Exception ex)
            {
                Host.Current.Log(this, LogLevel.Error, "Failed to load config file (is the config file corrupt?) (" + ex.Message + ")");
            }
        }

        protected virtual void LoadDefaultConfig()
        {
        }

        protected virtual void SaveConfig()
        {
            if (Config == null)
            {
                return;
            }
            try
            {
                Config.Save();
            }
            catch (Exception ex)
            {
                Host.Current.Log(this, LogLevel.Error, "Failed to save config file (does the config have illegal objects in it?) (" + ex.Message + ")");
            }
        }

        protected virtual void LoadDefaultMessages()
        {
        }

        internal void HostLoadConfig()
        {
            LoadConfig();
        }

        internal void HostLoadDefaultMessages()
        {
            LoadDefaultMessages();
        }
    }

    /// <summary>The real hierarchy is Plugin → CSPlugin → CSharpPlugin → RustPlugin.</summary>
    public abstract class CSPlugin : Plugin
    {
    }
}

namespace Oxide.Core.Configuration
{
    // Reads and writes with File.WriteAllText like the real one: no temporary file, no fsync.
    public class DynamicConfigFile
    {
        private readonly string filename;
        private Dictionary<string, object> keyvalues = new Dictionary<string, object>();

        internal DynamicConfigFile(string filename)
        {
            this.filename = filename;
        }

        public T ReadObject<T>(string filename = null)
        {
            string path = filename ?? this.filename;
            if (!File.Exists(path))
            {
                T created = Activator.CreateInstance<T>();
                WriteObject(created, false, path);
                return created;
            }
            return JsonConvert.DeserializeObject<T>(File.ReadAllText(path));
        }

        public void WriteObject<T>(T config, bool sync = false, string filename = null)
        {
            string path = filename ?? this.filename;
            CreateDirectoryOf(path);
            string json = JsonConvert.SerializeObject(config, Formatting.Indented);
            File.WriteAllText(path, json);
            if (sync)
            {
                keyvalues = JsonConvert.DeserializeObject<Dictionary<string, object>>(json);
            }
        }

        internal bool Exists()
        {
            return File.Exists(filename);
        }

        internal void Load()
        {
            keyvalues = JsonConvert.DeserializeObject<Dictionary<string, object>>(File.ReadAllText(filename));
        }

        internal void Save()
        {
            CreateDirectoryOf(filename);
            File.WriteAllText(filename, JsonConvert.SerializeObject(keyvalues, Formatting.Indented));
        }

        private static void CreateDirectoryOf(string path)
        {
            string dir = Path.GetDirectoryName(path);
            if (!string.IsNullOrEmpty(dir) && !Directory.Exists(dir))
            {
                Directory.CreateDirectory(dir);
            }
        }
    }
}
