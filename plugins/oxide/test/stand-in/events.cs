// The stand-in's stdout: one JSON object per line, each with an "event" name. Only this class writes
// there; Console.Out is pointed at stderr so a plugin that prints cannot break the protocol.
using System;
using System.IO;
using System.Text;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace RustStandIn
{
    internal static class Events
    {
        private static readonly object Gate = new object();
        private static TextWriter output;

        public static void Init()
        {
            output = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false)) { AutoFlush = true };
            Console.SetOut(Console.Error);
        }

        /// <summary>Emits {"event": name, ...fields}; fields are name/value pairs.</summary>
        public static void Emit(string name, params object[] fields)
        {
            var json = new JObject { { "event", name } };
            for (int i = 0; i + 1 < fields.Length; i += 2)
            {
                json[(string)fields[i]] = fields[i + 1] == null ? JValue.CreateNull() : JToken.FromObject(fields[i + 1]);
            }
            Write(json);
        }

        public static void Write(JObject json)
        {
            string line = json.ToString(Formatting.None);
            lock (Gate)
            {
                output.Write(line + "\n");
            }
        }

        /// <summary>Everything emitted so far has reached stdout.</summary>
        public static void Flush()
        {
            lock (Gate)
            {
                output.Flush();
            }
        }

        public static void Log(string level, string source, string text)
        {
            Emit("log", "level", level, "source", source, "text", text);
        }

        /// <summary>What Oxide's LogException prints: the context, then the exception and its stack.</summary>
        public static void Exception(string context, Exception ex)
        {
            Exception inner = ex;
            while (inner is System.Reflection.TargetInvocationException && inner.InnerException != null)
            {
                inner = inner.InnerException;
            }
            Emit("exception", "text", context + " (" + inner.GetType().Name + ": " + inner.Message + ")",
                "stack", inner.StackTrace ?? "");
        }
    }
}
