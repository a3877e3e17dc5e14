import Foundation

/// A bounded first-in, first-out queue between two pipeline threads.
///
/// `push` waits while the queue is full and `pop` while it is empty, so a fast stage cannot
/// run ahead of a slow one by more than `capacity` items: memory stays flat however long the
/// video. `close()` ends the stream (pops drain what is left, then return nil); `cancel()`
/// wakes everyone and makes both sides stop at once.
final class BlockingQueue<Element: Sendable>: @unchecked Sendable {
  // Thread rule: every stored property is read and written only while `condition` is locked.
  private let condition = NSCondition()
  private var items: [Element] = []
  private var head = 0
  private var closed = false
  private var cancelled = false
  private let capacity: Int

  /// Time the consumer spent waiting for items, and the producer waiting for room (seconds).
  private(set) var consumerWait: Double = 0
  private(set) var producerWait: Double = 0
  /// The most items the queue has held at once.
  private var highWater = 0

  init(capacity: Int) {
    precondition(capacity > 0, "a queue needs room for at least one item")
    self.capacity = capacity
  }

  /// Adds an item, waiting for room. Returns false when the queue was cancelled.
  @discardableResult
  func push(_ item: Element) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    let started = DispatchTime.now().uptimeNanoseconds
    while items.count - head >= capacity && !cancelled { condition.wait() }
    producerWait += Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    guard !cancelled, !closed else { return false }
    items.append(item)
    highWater = max(highWater, items.count - head)
    condition.broadcast()
    return true
  }

  /// Takes the oldest item, waiting for one; nil once the queue is closed and drained, or
  /// cancelled.
  func pop() -> Element? {
    condition.lock()
    defer { condition.unlock() }
    let started = DispatchTime.now().uptimeNanoseconds
    while items.count == head && !closed && !cancelled { condition.wait() }
    consumerWait += Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    guard !cancelled, items.count > head else { return nil }
    let item = items[head]
    head += 1
    if head > 64 && head * 2 > items.count {
      items.removeFirst(head)
      head = 0
    }
    condition.broadcast()
    return item
  }

  /// No more items will be pushed.
  func close() {
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
  }

  /// Stops both sides now; pending items are dropped.
  func cancel() {
    condition.lock()
    cancelled = true
    items.removeAll()
    head = 0
    condition.broadcast()
    condition.unlock()
  }

  /// The most items held at once so far (never more than the capacity).
  func highWaterMark() -> Int {
    condition.lock()
    defer { condition.unlock() }
    return highWater
  }

  /// The waits so far, read under the lock.
  func waits() -> (consumer: Double, producer: Double) {
    condition.lock()
    defer { condition.unlock() }
    return (consumerWait, producerWait)
  }
}
