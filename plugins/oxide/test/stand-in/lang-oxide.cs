// Oxide's Lang library (Oxide.Core src/Libraries/Lang.cs), one for every plugin. Files are
// <dir>/lang/<lang>/<Plugin>.json. A file is parsed once and cached until the plugin unloads; a file
// that is not valid JSON makes the call that parses it throw (RegisterMessages, GetMessages and
// GetMessage on a cold cache). RegisterMessages adds missing keys and drops keys the plugin no longer
// registers. No player picks a language here, so GetMessage reads the server's language, "en".
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Newtonsoft.Json;
using Oxide.Core.Plugins;
using RustStandIn.Bridge;

namespace RustStandIn
{
    internal sealed class OxideLang : ILang
    {
        private const string ServerLanguage = "en";
        private readonly string langDirectory;
        private readonly Dictionary<string, Dictionary<string, string>> langFiles = new Dictionary<string, Dictionary<string, string>>();

        public OxideLang(string langDirectory)
        {
            this.langDirectory = langDirectory;
        }

        public void RegisterMessages(Dictionary<string, string> messages, Plugin plugin, string lang)
        {
            if (messages == null || string.IsNullOrEmpty(lang) || plugin == null)
            {
                return;
            }
            string file = Key(lang, plugin.Name);
            Dictionary<string, string> existing = LangFiles.Read(langDirectory, plugin.Name, lang);
            bool changed;
            if (existing == null)
            {
                langFiles.Remove(file);
                langFiles.Add(file, messages);
                changed = true;
            }
            else
            {
                changed = Merge(existing, messages);
                messages = existing;
            }
            if (changed)
            {
                LangFiles.Write(langDirectory, plugin.Name, lang, messages);
            }
        }

        public string GetMessage(string key, Plugin plugin, string userId)
        {
            if (string.IsNullOrEmpty(key) || plugin == null)
            {
                return key;
            }
            string file = Key(ServerLanguage, plugin.Name);
            Dictionary<string, string> messages;
            if (!langFiles.TryGetValue(file, out messages))
            {
                messages = LangFiles.Read(langDirectory, plugin.Name, ServerLanguage) ?? LangFiles.Read(langDirectory, plugin.Name, "en");
                if (messages == null)
                {
                    Events.Log("warning", "oxide", "Plugin '" + plugin.Name + "' is using the Lang API but has no messages registered");
                    return key;
                }
                Dictionary<string, string> defaults = LangFiles.Read(langDirectory, plugin.Name, "en");
                if (defaults != null && Merge(messages, defaults) && File.Exists(LangFiles.PathOf(langDirectory, plugin.Name, ServerLanguage)))
                {
                    LangFiles.Write(langDirectory, plugin.Name, ServerLanguage, messages);
                }
                langFiles.Add(file, messages);
            }
            string message;
            return messages.TryGetValue(key, out message) ? message : key;
        }

        public Dictionary<string, string> GetMessages(string lang, Plugin plugin)
        {
            if (string.IsNullOrEmpty(lang) || plugin == null)
            {
                return null;
            }
            string file = Key(lang, plugin.Name);
            Dictionary<string, string> messages;
            if (!langFiles.TryGetValue(file, out messages))
            {
                messages = LangFiles.Read(langDirectory, plugin.Name, lang);
                if (messages == null)
                {
                    return null;
                }
                langFiles.Add(file, messages);
            }
            return messages.ToDictionary(k => k.Key, v => v.Value);
        }

        /// <summary>The cache entries of every language that has a file for the plugin are forgotten.</summary>
        public void OnUnload(Plugin plugin)
        {
            if (!Directory.Exists(langDirectory))
            {
                return;
            }
            foreach (string directory in Directory.GetDirectories(langDirectory))
            {
                if (File.Exists(Path.Combine(directory, plugin.Name + ".json")))
                {
                    langFiles.Remove(Key(Path.GetFileName(directory), plugin.Name));
                }
            }
        }

        private static string Key(string lang, string plugin)
        {
            return lang + "/" + plugin + ".json";
        }

        private static bool Merge(Dictionary<string, string> existing, Dictionary<string, string> messages)
        {
            bool changed = false;
            foreach (KeyValuePair<string, string> message in messages)
            {
                if (!existing.ContainsKey(message.Key))
                {
                    existing.Add(message.Key, message.Value);
                    changed = true;
                }
            }
            foreach (string key in existing.Keys.ToArray())
            {
                if (!messages.ContainsKey(key))
                {
                    existing.Remove(key);
                    changed = true;
                }
            }
            return changed;
        }
    }

    /// <summary>Reading and writing &lt;dir&gt;/lang/&lt;lang&gt;/&lt;Plugin&gt;.json, as both Oxide and Carbon do.</summary>
    internal static class LangFiles
    {
        public static string PathOf(string langDirectory, string plugin, string lang)
        {
            foreach (char invalid in Path.GetInvalidFileNameChars())
            {
                lang = lang.Replace(invalid, '_');
            }
            return Path.Combine(Path.Combine(langDirectory, lang), plugin + ".json");
        }

        /// <summary>Null when there is no file; throws when the file is not valid JSON.</summary>
        public static Dictionary<string, string> Read(string langDirectory, string plugin, string lang)
        {
            string path = PathOf(langDirectory, plugin, lang);
            return File.Exists(path) ? JsonConvert.DeserializeObject<Dictionary<string, string>>(File.ReadAllText(path)) : null;
        }

        public static void Write(string langDirectory, string plugin, string lang, Dictionary<string, string> messages)
        {
            string path = PathOf(langDirectory, plugin, lang);
            Directory.CreateDirectory(Path.GetDirectoryName(path));
            File.WriteAllText(path, JsonConvert.SerializeObject(messages, Formatting.Indented));
        }
    }
}
