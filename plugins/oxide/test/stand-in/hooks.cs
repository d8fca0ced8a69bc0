// Calling a plugin's hooks the way Oxide does (Oxide.CSharp CSharpPlugin's constructor and Oxide.Core
// CSPlugin.OnCallHook/FindHooks): the candidates are the non-public instance methods the plugin's own
// class declares, by name. The call's arguments are cut to the method's parameter count, or padded
// with the parameters' defaults, and then have to fit the parameter types; an exact fit wins.
// So `void OnServerInitialized()` is called for OnServerInitialized(bool) too, as in Oxide.
using System;
using System.Collections.Generic;
using System.Reflection;
using System.Runtime.ExceptionServices;
using Oxide.Core.Plugins;

namespace RustStandIn
{
    internal static class Hooks
    {
        private const BindingFlags Declared = BindingFlags.Instance | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;

        // Oxide looks hooks up once per plugin (CSPlugin.FindHooks); so does the stand-in, so that asking a
        // plugin for a hook it lacks (CanStackItem, OnMaxStackable…) costs next to nothing.
        private static readonly Dictionary<Type, Dictionary<string, MethodInfo[]>> Found =
            new Dictionary<Type, Dictionary<string, MethodInfo[]>>();

        private static MethodInfo[] Candidates(Type type, string name)
        {
            Dictionary<string, MethodInfo[]> byName;
            if (!Found.TryGetValue(type, out byName))
            {
                byName = new Dictionary<string, MethodInfo[]>();
                foreach (MethodInfo method in type.GetMethods(Declared))
                {
                    MethodInfo[] list;
                    byName.TryGetValue(method.Name, out list);
                    var grown = new List<MethodInfo>(list ?? new MethodInfo[0]) { method };
                    byName[method.Name] = grown.ToArray();
                }
                Found[type] = byName;
            }
            MethodInfo[] candidates;
            return byName.TryGetValue(name, out candidates) ? candidates : new MethodInfo[0];
        }

        /// <summary>Calls the hook and lets its exception through (null when the plugin has no such hook).</summary>
        public static object Call(Plugin plugin, string name, params object[] args)
        {
            MethodInfo match = null;
            object[] matchArgs = null;
            foreach (MethodInfo method in Candidates(plugin.GetType(), name))
            {
                ParameterInfo[] parameters = method.GetParameters();
                object[] hookArgs = Adapt(args ?? new object[0], parameters);
                bool exact;
                if (!Fits(hookArgs, parameters, out exact))
                {
                    continue;
                }
                match = method;
                matchArgs = hookArgs;
                if (exact)
                {
                    break;
                }
            }
            if (match == null)
            {
                return null;
            }
            FrameStats.Enter();
            try
            {
                return match.Invoke(plugin, matchArgs);
            }
            catch (TargetInvocationException ex)
            {
                ExceptionDispatchInfo.Capture(ex.InnerException ?? ex).Throw();
                throw;
            }
            finally
            {
                FrameStats.Exit();
            }
        }

        /// <summary>As Plugin.CallHook: an exception is logged and the hook returns null.</summary>
        public static object CallLogged(Plugin plugin, string name, string description, params object[] args)
        {
            try
            {
                return Call(plugin, name, args);
            }
            catch (Exception ex)
            {
                Events.Exception("Failed to call hook '" + name + "' on plugin '" + description + "'", ex);
                return null;
            }
        }

        private static object[] Adapt(object[] args, ParameterInfo[] parameters)
        {
            if (args.Length == parameters.Length)
            {
                return args;
            }
            var adapted = new object[parameters.Length];
            Array.Copy(args, adapted, Math.Min(args.Length, parameters.Length));
            for (int i = args.Length; i < parameters.Length; i++)
            {
                ParameterInfo parameter = parameters[i];
                if (parameter.DefaultValue != null && parameter.DefaultValue != DBNull.Value)
                {
                    adapted[i] = parameter.DefaultValue;
                }
                else if (parameter.ParameterType.IsValueType)
                {
                    adapted[i] = Activator.CreateInstance(parameter.ParameterType);
                }
            }
            return adapted;
        }

        private static bool Fits(object[] args, ParameterInfo[] parameters, out bool exact)
        {
            exact = true;
            for (int i = 0; i < parameters.Length; i++)
            {
                Type type = parameters[i].ParameterType;
                if (type.IsByRef)
                {
                    type = type.GetElementType();
                }
                object arg = args[i];
                if (arg == null)
                {
                    if (type.IsValueType && Nullable.GetUnderlyingType(type) == null)
                    {
                        return false;
                    }
                    continue;
                }
                if (arg.GetType() != type)
                {
                    exact = false;
                    if (!type.IsAssignableFrom(arg.GetType()))
                    {
                        return false;
                    }
                }
            }
            return true;
        }
    }
}
