import Foundation
import ReelProject
import Synchronization

/// Renders the frames the page asks for, one at a time on a thread of its own, with the
/// stills path `reel frame` uses (``FrameGrabber``: the same renderer and the same scaling
/// as `reel frame --size`), and keeps the last ones in a small cache keyed by (revision,
/// frame, size).
///
/// A request that arrives while another waits replaces it (the waiting one is answered
/// ``Outcome/superseded``): when the mouse drags the scrubber, the picture follows the
/// newest position instead of working through every position passed.
final class FrameRenderer: Sendable {
  /// A frame to draw.
  struct Request: Sendable, Hashable {
    var revision: Int
    var frame: Int
    /// The largest size (fitted inside, aspect kept); nil for full size.
    var width: Int?
    var height: Int?
  }

  /// What became of a request.
  enum Outcome: Sendable {
    /// The PNG.
    case png(Data)
    /// A newer request replaced it before it was drawn.
    case superseded
    /// Drawing failed (the message says why).
    case failed(String)
  }

  /// How many PNGs the cache keeps (a 640×360 PNG is a few hundred KB at most).
  static let cacheCapacity = 48

  private struct Pending: Sendable {
    var request: Request
    var time: Time
    var template: LoadedTemplate
    var reply: @Sendable (Outcome) -> Void
  }

  private struct State: Sendable {
    var waiting: Pending?
    var cache: [Request: Data] = [:]
    /// Cache keys, least recently used first.
    var order: [Request] = []
  }

  private let state = Mutex(State())
  private let queue = DispatchQueue(label: "reel-preview-frames", qos: .userInitiated)
  /// The grabber of the newest revision drawn, used on ``queue`` only.
  private let grabber = Mutex<(revision: Int, grabber: GrabberBox)?>(nil)
  private let rendered = Atomic<Int>(0)

  /// How many frames have been drawn since the server started (not counting cache hits).
  var framesRendered: Int { rendered.load(ordering: .relaxed) }

  /// Draws frame `request.frame` (at `time`) of `template`, or answers from the cache, and
  /// calls `reply` once, on some thread.
  func render(
    _ request: Request, at time: Time, of template: LoadedTemplate,
    reply: @escaping @Sendable (Outcome) -> Void
  ) {
    let (cached, replaced) = state.withLock { state -> (Data?, Pending?) in
      if let data = state.cache[request] {
        state.order.removeAll { $0 == request }
        state.order.append(request)
        return (data, nil)
      }
      let replaced = state.waiting
      state.waiting = Pending(request: request, time: time, template: template, reply: reply)
      return (nil, replaced)
    }
    if let cached {
      reply(.png(cached))
      return
    }
    replaced?.reply(.superseded)
    queue.async { [self] in drawWaiting() }
  }

  /// Forgets the cache (a new revision makes the old frames useless).
  func clearCache(keepingRevision revision: Int) {
    state.withLock { state in
      state.cache = state.cache.filter { $0.key.revision == revision }
      state.order.removeAll { $0.revision != revision }
    }
  }

  private func drawWaiting() {
    guard
      let pending = state.withLock({ state in
        defer { state.waiting = nil }
        return state.waiting
      })
    else { return }
    let request = pending.request
    if let data = state.withLock({ $0.cache[request] }) {
      pending.reply(.png(data))
      return
    }
    let outcome: Outcome
    do {
      let grabber = self.grabber(for: request.revision, template: pending.template)
      if let width = request.width, let height = request.height {
        grabber.grabber.maximumSize = (width, height)
      } else {
        grabber.grabber.maximumSize = nil
      }
      let frame = try grabber.grabber.frame(at: pending.time)
      rendered.add(1, ordering: .relaxed)
      let data = try frame.image.pngData()
      store(data, for: request)
      outcome = .png(data)
    } catch {
      outcome = .failed("\(error)")
    }
    pending.reply(outcome)
  }

  private func grabber(for revision: Int, template: LoadedTemplate) -> GrabberBox {
    grabber.withLock { current in
      if let current, current.revision == revision { return current.grabber }
      let made = GrabberBox(FrameGrabber(movie: template.movie))
      made.grabber.limits = template.exportSettings.limits
      // An export with alpha is shown with it (the page draws it over a checkerboard).
      made.grabber.keepsAlpha = template.exportSettings.exportsAlpha
      current = (revision, made)
      return made
    }
  }

  private func store(_ data: Data, for request: Request) {
    state.withLock { state in
      state.cache[request] = data
      state.order.removeAll { $0 == request }
      state.order.append(request)
      while state.order.count > Self.cacheCapacity {
        state.cache[state.order.removeFirst()] = nil
      }
    }
  }
}

/// A frame grabber handed between threads: it is used on the renderer's serial queue only.
final class GrabberBox: @unchecked Sendable {
  // @unchecked: FrameGrabber keeps decoders open and is not Sendable; FrameRenderer uses it
  // on its one serial queue only.
  let grabber: FrameGrabber
  init(_ grabber: FrameGrabber) { self.grabber = grabber }
}
