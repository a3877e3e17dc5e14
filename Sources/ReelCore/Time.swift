/// A rational point in time: `value / timescale` seconds, with the flags of `CMTime`.
///
/// Placeholder storage; arithmetic lives in `Time+Arithmetic.swift`.
public struct Time: Sendable, Hashable {
  public var value: Int64
  public var timescale: Int32
  public init(value: Int64, timescale: Int32) {
    self.value = value
    self.timescale = timescale
  }
}
