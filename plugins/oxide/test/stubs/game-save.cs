// The game's world save as a plugin can see it (global namespace and ConVar, as in Assembly-CSharp).
// Real sources in the decompiled December 2025 server, SeiferUwU/RustServerManaged:
// Assembly-CSharp/SaveRestore.cs (`public static bool IsSaving`, line 140; set true when the save
// coroutine starts, false after «Saving complete»), World.cs (SaveFileName, SaveFolderName, lines
// 127-152), ConVar/Server.cs (`rootFolder => "server/" + identity`, line 928). The game writes its save
// to `ConVar.Server.rootFolder + "/" + World.SaveFileName` (SaveRestore.DoAutomatedSave), a path
// relative to the server's working directory.
using RustStandIn.Bridge;

/// <summary>The real class is a SingletonComponent&lt;SaveRestore&gt;; the stub keeps its static flag.</summary>
public class SaveRestore
{
    /// <summary>True from the start of a world save (after OnServerSave) until it has finished or failed.</summary>
    public static bool IsSaving = false;

    internal SaveRestore()
    {
    }
}

public static class World
{
    /// <summary>"&lt;map name&gt;.&lt;size&gt;.&lt;seed&gt;.274.sav" for a procedural map.</summary>
    public static string SaveFileName
    {
        get { return Host.Current.SaveFileName; }
    }

    /// <summary>ConVar.Server.rootFolder.</summary>
    public static string SaveFolderName
    {
        get { return ConVar.Server.rootFolder; }
    }
}

namespace ConVar
{
    /// <summary>The real class derives from ConsoleSystem; the stub keeps the one member a plugin reads.</summary>
    public class Server
    {
        internal Server()
        {
        }

        /// <summary>"server/" + identity: relative to the server's working directory.</summary>
        public static string rootFolder
        {
            get { return Host.Current.RootFolder; }
        }
    }
}
