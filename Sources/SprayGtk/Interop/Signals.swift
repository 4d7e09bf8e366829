// Swift closures as GLib signal handlers. The closure is boxed, the box is retained and
// handed to GLib with a destroy notify, so GLib owns it: it is freed when the handler is
// disconnected or the instance finalized, never while GLib can still call it.
// (Unretained boxes kept in Swift dictionaries dangle when the Swift side dies first.)

import CGtk

/// A boxed closure of any shape (signal handlers here; draw functions, ticks and the like
/// in Callbacks.swift). Only GLib's main loop calls it, on the main thread.
final class CallbackBox<Action>: @unchecked Sendable {
    let action: Action
    init(_ action: Action) { self.action = action }
}

/// `action` boxed and retained, as user data that GLib will release.
func retained<Action>(_ action: Action) -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(CallbackBox(action)).toOpaque()
}

/// Releases any box: Swift's release does not need the static type.
let releaseBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// `releaseBox` for signal closures.
let releaseBoxClosure: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

typealias SignalAction = @MainActor (UnsafeMutableRawPointer?) -> Void

/// For signals with no arguments: `void handler(instance, user_data)`.
private let invokeHandler: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    guard let data else { return }
    let handler = Unmanaged<CallbackBox<SignalAction>>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { handler.action(nil) }
}

/// For signals with one pointer-sized argument (notify's GParamSpec, a dialog's response):
/// `void handler(instance, argument, user_data)`.
private let invokeHandlerWithArgument: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
    guard let data else { return }
    let handler = Unmanaged<CallbackBox<SignalAction>>.fromOpaque(data).takeUnretainedValue()
    let address = UInt(bitPattern: argument)  // a plain integer may cross into the isolated closure
    MainActor.assumeIsolated { handler.action(UnsafeMutableRawPointer(bitPattern: address)) }
}

/// For signals with three arguments whose values the handler does not need (a
/// GFileMonitor's "changed": file, other file, event): `void handler(instance, a, b, c, user_data)`.
private let invokeHandlerIgnoringThree: @convention(c) (gpointer?, gpointer?, gpointer?, guint, gpointer?) -> Void = { _, _, _, _, data in
    guard let data else { return }
    let handler = Unmanaged<CallbackBox<SignalAction>>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { handler.action(nil) }
}

/// Connects `action` to a signal of three arguments, called without them.
@MainActor @discardableResult
func connectIgnoringThreeArguments(_ instance: some GPointer, _ signal: String, _ action: @escaping @MainActor () -> Void) -> gulong {
    connect(instance, signal, trampoline: unsafeBitCast(invokeHandlerIgnoringThree, to: GCallback.self)) { _ in action() }
}

/// Connects `action` to `signal` (e.g. "clicked", "activate") of `instance`.
/// Returns the handler id for `g_signal_handler_disconnect`.
@MainActor @discardableResult
func connect(_ instance: some GPointer, _ signal: String, _ action: @escaping @MainActor () -> Void) -> gulong {
    connect(instance, signal, trampoline: unsafeBitCast(invokeHandler, to: GCallback.self)) { _ in action() }
}

/// Connects a handler that receives the signal's one argument (e.g. "notify::selected", "response").
@MainActor @discardableResult
func connect(
    _ instance: some GPointer, _ signal: String,
    withArgument action: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void
) -> gulong {
    connect(instance, signal, trampoline: unsafeBitCast(invokeHandlerWithArgument, to: GCallback.self), action)
}

@MainActor
private func connect(
    _ instance: some GPointer, _ signal: String, trampoline: GCallback,
    _ action: @escaping SignalAction
) -> gulong {
    g_signal_connect_data(instance.rawPointer, signal, trampoline, retained(action), releaseBoxClosure, GConnectFlags(0))
}

typealias CommandLineAction = @MainActor (UnsafeMutablePointer<GApplicationCommandLine>?) -> Int32

/// For GApplication's "command-line": `int handler(application, command_line, user_data)`.
private let invokeCommandLineHandler: @convention(c) (gpointer?, UnsafeMutablePointer<GApplicationCommandLine>?, gpointer?) -> gint = { _, commandLine, data in
    guard let data else { return 1 }
    let handler = Unmanaged<CallbackBox<CommandLineAction>>.fromOpaque(data).takeUnretainedValue()
    let address = UInt(bitPattern: commandLine)
    return MainActor.assumeIsolated { handler.action(UnsafeMutablePointer(bitPattern: address)) }
}

/// Connects `action` to "command-line" of `application`: it gets the GApplicationCommandLine
/// (this process's or a second start's) and returns that start's exit status.
@MainActor @discardableResult
func connectCommandLine(_ application: some GPointer, _ action: @escaping CommandLineAction) -> gulong {
    g_signal_connect_data(application.rawPointer, "command-line", unsafeBitCast(invokeCommandLineHandler, to: GCallback.self),
                          retained(action), releaseBoxClosure, GConnectFlags(0))
}
