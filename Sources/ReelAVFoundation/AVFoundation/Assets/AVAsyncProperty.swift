import Dispatch

/// Where an Objective-C style method stores its error, as Foundation's `NSErrorPointer` on
/// Apple platforms (Linux's Foundation has none).
public typealias NSErrorPointer = UnsafeMutablePointer<NSError?>?

/// Whether a value of an asset or track is loaded, as AVFoundation's `AVKeyValueStatus`.
public enum AVKeyValueStatus: Int, Sendable {
  /// Not asked for yet.
  case unknown = 0
  /// Being loaded.
  case loading = 1
  /// Loaded.
  case loaded = 2
  /// Loading failed (the error says why).
  case failed = 3
  /// Loading was cancelled.
  case cancelled = 4
}

/// Values that load asynchronously, as AVFoundation's `AVAsynchronousKeyValueLoading`:
/// `try await asset.load(.duration, .tracks)`.
///
/// Reel probes a file once, the first time any of its values is asked for; the async forms
/// do that probe off the calling task's thread and throw the probe's error.
public protocol AVAsynchronousKeyValueLoading {
  /// Whether the value for `key` ("duration", "tracks", …) is loaded; `failed` sets
  /// `outError` to the `NSError`.
  func statusOfValue(forKey key: String, error outError: NSErrorPointer) -> AVKeyValueStatus
  /// Loads the values for `keys`, then calls `handler` on a background queue.
  func loadValuesAsynchronously(
    forKeys keys: [String], completionHandler handler: (@Sendable () -> Void)?)
}

/// Any asynchronously loaded property, as AVFoundation's `AVAnyAsyncProperty`.
public class AVAnyAsyncProperty: @unchecked Sendable {
  /// The property's key, as the key-value loading API spells it ("duration").
  let key: String

  init(key: String) { self.key = key }
}

/// A property of `Root` loaded asynchronously, as AVFoundation's `AVAsyncProperty`:
/// `.duration`, `.tracks`, `.naturalSize`, `.preferredTransform`, …
public final class AVAsyncProperty<Root, Value>: AVAnyAsyncProperty, CustomStringConvertible,
  @unchecked Sendable
{
  /// The value, once the root is loaded.
  let read: (Root) -> Value

  /// A property read by `read`; `key` defaults to the name of the static property that
  /// makes it (`.duration` → "duration").
  init(key: String = #function, read: @escaping (Root) -> Value) {
    self.read = read
    super.init(key: key)
  }

  /// The property's key.
  public var description: String { key }

  /// Where the loading of a property is, as `AVAsyncProperty.Status`.
  public enum Status {
    /// Not asked for yet.
    case notYetLoaded
    /// Being loaded.
    case loading
    /// Loaded, with the value.
    case loaded(Value)
    /// Loading failed, with the `NSError`.
    case failed(any Error)
  }
}

/// What the async loading API needs from a loadable object: the one probe behind it.
protocol AsyncLoadingSource: AnyObject {
  /// Loads what the values come from (probes the file once); nil when loaded, else the
  /// failure.
  func loadContents() -> CompatFailure?
  /// Whether the contents were loaded already (successfully or not).
  var isContentsLoaded: Bool { get }
}

extension AVAsynchronousKeyValueLoading {
  /// The property's value, loaded off the calling thread.
  ///
  /// - Throws: An `NSError` in `AVFoundationErrorDomain` when the file cannot be read.
  public func load<T>(_ property: AVAsyncProperty<Self, T>) async throws -> T {
    try await AsyncLoading.loaded(self)
    return property.read(self)
  }

  /// Two properties' values, loaded together.
  public func load<A, B>(
    _ propertyA: AVAsyncProperty<Self, A>, _ propertyB: AVAsyncProperty<Self, B>
  )
    async throws -> (A, B)
  {
    try await AsyncLoading.loaded(self)
    return (propertyA.read(self), propertyB.read(self))
  }

  /// Three properties' values, loaded together.
  public func load<A, B, C>(
    _ propertyA: AVAsyncProperty<Self, A>, _ propertyB: AVAsyncProperty<Self, B>,
    _ propertyC: AVAsyncProperty<Self, C>
  ) async throws -> (A, B, C) {
    try await AsyncLoading.loaded(self)
    return (propertyA.read(self), propertyB.read(self), propertyC.read(self))
  }

  /// Four properties' values, loaded together.
  public func load<A, B, C, D>(
    _ propertyA: AVAsyncProperty<Self, A>, _ propertyB: AVAsyncProperty<Self, B>,
    _ propertyC: AVAsyncProperty<Self, C>, _ propertyD: AVAsyncProperty<Self, D>
  ) async throws -> (A, B, C, D) {
    try await AsyncLoading.loaded(self)
    return (propertyA.read(self), propertyB.read(self), propertyC.read(self), propertyD.read(self))
  }

  /// Where loading `property` is, without waiting.
  public func status<T>(of property: AVAsyncProperty<Self, T>) -> AVAsyncProperty<Self, T>.Status {
    guard let source = self as? any AsyncLoadingSource else { return .loaded(property.read(self)) }
    guard source.isContentsLoaded else { return .notYetLoaded }
    if let failure = source.loadContents() { return .failed(failure.nsError) }
    return .loaded(property.read(self))
  }
}

/// The async side of loading: the probe runs on a global queue, never on the awaiting task.
enum AsyncLoading {
  static func loaded<Root>(_ root: Root) async throws {
    guard let source = root as? any AsyncLoadingSource else { return }
    if source.isContentsLoaded {
      if let failure = source.loadContents() { throw failure.nsError }
      return
    }
    nonisolated(unsafe) let unsafeSource = source
    let failure: CompatFailure? = await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: unsafeSource.loadContents()) }
    }
    if let failure { throw failure.nsError }
  }

  /// `statusOfValue(forKey:error:)` for a loadable source.
  static func status(of source: any AsyncLoadingSource, error outError: NSErrorPointer)
    -> AVKeyValueStatus
  {
    guard source.isContentsLoaded else { return .unknown }
    guard let failure = source.loadContents() else { return .loaded }
    outError?.pointee = failure.nsError
    return .failed
  }

  /// `loadValuesAsynchronously(forKeys:completionHandler:)` for a loadable source.
  static func load(_ source: any AsyncLoadingSource, then handler: (@Sendable () -> Void)?) {
    nonisolated(unsafe) let unsafeSource = source
    DispatchQueue.global().async {
      if !((unsafeSource as? AVAsset)?.isLoadingCancelled ?? false) {
        _ = unsafeSource.loadContents()
      }
      handler?()
    }
  }
}
