// Oxide.Core.Libraries: the web request and language libraries a plugin reaches through its
// `webrequest` and `lang` fields. Real sources: OxideMod/Oxide.Core src/Libraries/WebRequests.cs and
// src/Libraries/Lang.cs; Carbon's equivalents in CarbonCommunity/Carbon
// src/Carbon.Components/Carbon.Common/src/Oxide/Libraries/{WebRequest,Lang}.cs.
using System;
using System.Collections.Generic;
using System.Net;
using Oxide.Core.Plugins;
using RustStandIn.Bridge;

namespace Oxide.Core.Libraries
{
    public enum RequestMethod
    {
        DELETE,
        GET,
        PATCH,
        POST,
        PUT
    }

    public class WebRequests
    {
        internal WebRequests()
        {
        }

        // Oxide (December 2025) and Carbon both take the decompression method last. Oxide returns
        // void and Carbon the request: void is what compiles on both.
        public void Enqueue(string url, string body, Action<int, string> callback, Plugin owner,
            RequestMethod method = RequestMethod.GET, Dictionary<string, string> headers = null, float timeout = 0f,
            DecompressionMethods decompressionMethod = DecompressionMethods.None)
        {
            Host.Current.Enqueue(url, body, callback, owner, method, headers, timeout);
        }
    }

    public class Lang
    {
        private readonly ILang impl;

        internal Lang(ILang impl)
        {
            this.impl = impl;
        }

        public void RegisterMessages(Dictionary<string, string> messages, Plugin plugin, string lang = "en")
        {
            impl.RegisterMessages(messages, plugin, lang);
        }

        public string GetMessage(string key, Plugin plugin, string userId = null)
        {
            return impl.GetMessage(key, plugin, userId);
        }

        public Dictionary<string, string> GetMessages(string lang, Plugin plugin)
        {
            return impl.GetMessages(lang, plugin);
        }
    }
}
