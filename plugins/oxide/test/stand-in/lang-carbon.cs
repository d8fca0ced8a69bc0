// Carbon's Lang library (Carbon.Common src/Oxide/Libraries/Lang.cs), one per plugin instance, built
// when the plugin is set up: it reads every language's file then, so a file that is not valid JSON
// fails the plugin's load. GetMessages reads and parses the file again on every call (and throws on
// a broken file); GetMessage looks in what was read or registered, then re-reads the file with errors
// swallowed, then falls back to "en" and to the key. RegisterMessages only adds missing keys.
using System;
using System.Collections.Generic;
using System.IO;
using Oxide.Core.Plugins;
using RustStandIn.Bridge;

namespace RustStandIn
{
    internal sealed class CarbonLang : ILang
    {
        private const string ServerLanguage = "en";
        private readonly string langDirectory;
        private readonly Dictionary<string, Dictionary<string, string>> phrases = new Dictionary<string, Dictionary<string, string>>();

        public CarbonLang(string langDirectory, string pluginName)
        {
            this.langDirectory = langDirectory;
            if (!Directory.Exists(langDirectory))
            {
                return;
            }
            foreach (string directory in Directory.GetDirectories(langDirectory))
            {
                string lang = Path.GetFileName(directory);
                Dictionary<string, string> messages = LangFiles.Read(langDirectory, pluginName, lang);
                if (messages != null)
                {
                    phrases[lang] = messages;
                }
            }
        }

        public void RegisterMessages(Dictionary<string, string> newPhrases, Plugin plugin, string lang)
        {
            Dictionary<string, string> existing;
            if (!phrases.TryGetValue(lang, out existing))
            {
                phrases.Add(lang, existing = newPhrases);
            }
            bool save = false;
            foreach (KeyValuePair<string, string> phrase in newPhrases)
            {
                if (!existing.ContainsKey(phrase.Key))
                {
                    existing.Add(phrase.Key, phrase.Value);
                    save = true;
                }
            }
            if (newPhrases == existing || save)
            {
                LangFiles.Write(langDirectory, plugin.Name, lang, existing);
            }
        }

        public string GetMessage(string key, Plugin plugin, string userId)
        {
            return Lookup(key, plugin, ServerLanguage);
        }

        private string Lookup(string key, Plugin plugin, string lang)
        {
            Dictionary<string, string> messages;
            string phrase;
            if (phrases.TryGetValue(lang, out messages) && messages.TryGetValue(key, out phrase))
            {
                return phrase;
            }
            try
            {
                messages = LangFiles.Read(langDirectory, plugin.Name, lang);
                if (messages.TryGetValue(key, out phrase))
                {
                    return phrase;
                }
            }
            catch (Exception)
            {
                // Carbon swallows a missing or broken file here.
            }
            return lang == "en" ? key : Lookup(key, plugin, "en");
        }

        public Dictionary<string, string> GetMessages(string lang, Plugin plugin)
        {
            return LangFiles.Read(langDirectory, plugin.Name, lang);
        }
    }
}
