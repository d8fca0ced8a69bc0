// Request headers as Oxide's HttpWebRequestExtensions.SetRawHeaders sets them (Oxide.Core
// src/Libraries/WebRequests.cs): the headers .NET guards go through their properties.
using System;
using System.Net;

namespace RustStandIn
{
    internal static class HttpHeaders
    {
        public static void Set(HttpWebRequest request, string name, string value)
        {
            switch (name.ToLowerInvariant())
            {
                case "content-type": request.ContentType = value; break;
                case "accept": request.Accept = value; break;
                case "user-agent": request.UserAgent = value; break;
                case "referer": request.Referer = value; break;
                case "expect": request.Expect = value; break;
                case "content-length": request.ContentLength = long.Parse(value); break;
                case "date": request.Date = DateTime.Parse(value); break;
                case "if-modified-since": request.IfModifiedSince = DateTime.Parse(value); break;
                case "host": request.Host = value; break;
                case "transfer-encoding": request.TransferEncoding = value; break;
                case "connection": request.Connection = value; break;
                default: request.Headers[name] = value; break;
            }
        }
    }
}
