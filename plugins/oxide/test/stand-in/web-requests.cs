// Web requests that really go out over HTTP, each on a worker thread, with the callback posted to the
// main thread. Oxide (Oxide.Core src/Libraries/WebRequests.cs): HttpWebRequest, a form content type
// whenever there is a body (headers may override it), timeout 0 = 30 s, code 0 and the exception's
// message on a network error or timeout, and an unload aborts the plugin's requests and drops their
// callbacks, except one whose reply already arrived and waits for the next tick. Carbon
// (Carbon.Common src/Oxide/Libraries/WebRequest.cs): WebClient, no body on GET, a form content type
// on every other method, code 0 and an empty text on a network error, and the callback runs even
// after the plugin was unloaded or reloaded, on that old instance.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Net;
using System.Text;
using System.Threading;
using Oxide.Core.Plugins;

namespace RustStandIn
{
    internal sealed class WebRequestRunner
    {
        private sealed class Pending
        {
            public readonly object Gate = new object();
            public Plugin Owner;
            public string Method, Url, Body;
            public Dictionary<string, string> Headers;
            public int TimeoutMs;
            public Action<int, string> Callback;
            public HttpWebRequest Request;
            public bool Responded, Dropped;
            public Stopwatch Watch;
        }

        private readonly List<Pending> inFlight = new List<Pending>();
        // Enqueued this frame: Oxide and Carbon only queue a request where the plugin calls Enqueue and
        // send it from their own worker (Oxide.Core WebRequests.cs), so the stand-in starts its thread
        // after the frame, outside the plugin's measured time.
        private readonly List<Pending> toStart = new List<Pending>();
        private readonly bool carbon;
        private readonly Func<Plugin, string> describe;

        public WebRequestRunner(bool carbon, Func<Plugin, string> describe)
        {
            this.carbon = carbon;
            this.describe = describe;
            ServicePointManager.Expect100Continue = false;
            ServicePointManager.ServerCertificateValidationCallback = delegate { return true; };
            ServicePointManager.DefaultConnectionLimit = 200;
        }

        public int InFlight
        {
            get { return inFlight.Count; }
        }

        public void Enqueue(string url, string body, Action<int, string> callback, Plugin owner, string method,
            Dictionary<string, string> headers, float timeout)
        {
            if (carbon)
            {
                // Carbon's WebRequest constructor parses the address: a bad one throws into the plugin.
                new Uri(url);
            }
            var pending = new Pending
            {
                Owner = owner, Method = method, Url = url, Body = body, Headers = headers, Callback = callback,
                TimeoutMs = (int)Math.Round((timeout.Equals(0f) ? 30f : timeout) * 1000f), Watch = Stopwatch.StartNew()
            };
            inFlight.Add(pending);
            toStart.Add(pending);
        }

        /// <summary>Sends what the frame enqueued; the main loop calls it at the end of every frame.</summary>
        public void StartQueued()
        {
            foreach (Pending pending in toStart)
            {
                Pending request = pending;
                new Thread(() => Run(request)) { IsBackground = true }.Start();
            }
            toStart.Clear();
        }

        /// <summary>Oxide only: what an unload does to the plugin's outstanding requests.</summary>
        public void DropFor(Plugin plugin)
        {
            foreach (Pending pending in inFlight)
            {
                lock (pending.Gate)
                {
                    if (pending.Owner != plugin || pending.Responded)
                    {
                        continue;
                    }
                    pending.Dropped = true;
                    if (pending.Request != null)
                    {
                        pending.Request.Abort();
                    }
                }
            }
        }

        private void Run(Pending pending)
        {
            int code = 0;
            string text = carbon ? "" : null;
            try
            {
                HttpWebRequest request = Build(pending);
                lock (pending.Gate)
                {
                    if (pending.Dropped)
                    {
                        throw new WebException("The request was aborted: The request was canceled.", WebExceptionStatus.RequestCanceled);
                    }
                    pending.Request = request;
                }
                WriteBody(pending, request);
                using (var response = (HttpWebResponse)request.GetResponse())
                {
                    text = Read(response);
                    code = (int)response.StatusCode;
                }
            }
            catch (WebException ex)
            {
                var response = ex.Response as HttpWebResponse;
                if (response != null)
                {
                    code = (int)response.StatusCode;
                    try
                    {
                        text = Read(response);
                    }
                    catch (Exception)
                    {
                        text = carbon ? "" : Format(ex, "");
                    }
                }
                else if (!carbon)
                {
                    // Oxide aborts a request that timed out, so its callback reads the cancellation.
                    text = ex.Status == WebExceptionStatus.Timeout ? "The request was aborted: The request was canceled." : Format(ex, "");
                }
            }
            catch (Exception ex)
            {
                text = carbon ? "" : Format(ex, "");
                Exception error = ex;
                MainLoop.Post(() => Events.Exception("Web request produced exception (Url: " + pending.Url + ") in '" + describe(pending.Owner) + "' plugin", error));
            }
            lock (pending.Gate)
            {
                pending.Responded = true;
            }
            MainLoop.Post(() => Complete(pending, code, text));
        }

        private HttpWebRequest Build(Pending pending)
        {
            var request = (HttpWebRequest)WebRequest.Create(pending.Url);
            request.Method = pending.Method;
            request.Proxy = null;
            request.KeepAlive = carbon;
            request.Timeout = pending.TimeoutMs;
            request.ReadWriteTimeout = pending.TimeoutMs;
            request.UserAgent = carbon ? "Carbon" : "Oxide Mod (v2.0.4138; https://umod.org)";
            if (carbon ? pending.Method != "GET" : pending.Body != null)
            {
                request.ContentType = "application/x-www-form-urlencoded";
            }
            if (pending.Headers != null)
            {
                foreach (KeyValuePair<string, string> header in pending.Headers)
                {
                    HttpHeaders.Set(request, header.Key, header.Value);
                }
            }
            return request;
        }

        private void WriteBody(Pending pending, HttpWebRequest request)
        {
            if (carbon && pending.Method == "GET")
            {
                return;
            }
            string body = carbon ? (pending.Body ?? "") : pending.Body;
            if (body == null)
            {
                return;
            }
            byte[] data = Encoding.UTF8.GetBytes(body);
            request.ContentLength = data.Length;
            if (data.Length == 0 && !carbon)
            {
                return;
            }
            using (Stream stream = request.GetRequestStream())
            {
                stream.Write(data, 0, data.Length);
            }
        }

        private void Complete(Pending pending, int code, string text)
        {
            inFlight.Remove(pending);
            Events.Emit("http", "method", pending.Method, "url", pending.Url, "status", code,
                "ms", (int)pending.Watch.ElapsedMilliseconds, "dropped", pending.Dropped);
            if (pending.Dropped)
            {
                return;
            }
            FrameStats.Enter();
            try
            {
                pending.Callback(code, text);
            }
            catch (Exception ex)
            {
                Events.Exception("Web request callback raised an exception in '" + describe(pending.Owner) + "' plugin", ex);
            }
            finally
            {
                FrameStats.Exit();
            }
        }

        private static string Read(HttpWebResponse response)
        {
            using (Stream stream = response.GetResponseStream())
            using (var reader = new StreamReader(stream))
            {
                return reader.ReadToEnd();
            }
        }

        /// <summary>Oxide's FormatWebException: the message, then each inner exception's on its own line.</summary>
        private static string Format(Exception exception, string response)
        {
            if (!string.IsNullOrEmpty(response))
            {
                response += Environment.NewLine;
            }
            response += exception.Message;
            return exception.InnerException != null ? Format(exception.InnerException, response) : response;
        }
    }
}
