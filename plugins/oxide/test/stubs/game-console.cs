// The game's console (Facepunch.Console) and network connection (Facepunch.Network). Real sources in
// the decompiled December 2025 server, SeiferUwU/RustServerManaged: Facepunch.Console/ConsoleSystem.cs,
// Facepunch.Network/Network/Connection.cs.
using RustStandIn.Bridge;

namespace Network
{
    public class Connection
    {
        internal Connection()
        {
        }
    }
}

public class ConsoleSystem
{
    /// <summary>Null at the start of every Run; "Command '…' not found" when nothing ran.</summary>
    public static string LastError = null;

    public static string Run(Option options, string strCommand, params object[] args)
    {
        return Host.Current.RunConsole(options, strCommand, args);
    }

    public struct Option
    {
        // The game's Option.Server: a server-side call that prints its output, as from RCON.
        public static Option Server
        {
            get { return new Option { isServer = true }; }
        }

        internal bool isServer;
    }

    public class Arg
    {
        internal string[] args;
        internal string reply = "";
        internal Network.Connection connection;

        internal Arg(string[] args)
        {
            this.args = args;
        }

        /// <summary>Null for the server console and RCON; a player's connection otherwise.</summary>
        public Network.Connection Connection
        {
            get { return connection; }
        }

        public string GetString(int iArg, string def = "")
        {
            return args != null && args.Length >= iArg + 1 ? args[iArg] : def;
        }

        public void ReplyWith(string strValue)
        {
            reply = strValue;
        }
    }
}
