import AVFoundationCompat
import Foundation
import Testing

@testable import ReelAVFoundation

/// A program's layer tree can be as deep as it likes; the snapshot must refuse one Reel cannot
/// draw with a message, not exhaust the stack (9,000 nested layers crashed it before).
@Suite("Deep layer trees")
struct CoreAnimationDepthTests {
  /// A tool over a parent holding the video layer and a chain of `depth` nested layers.
  static func chain(_ depth: Int, size: CGSize) -> AVVideoCompositionCoreAnimationTool {
    let parent = CALayer()
    parent.frame = CGRect(origin: .zero, size: size)
    let videoLayer = CALayer()
    videoLayer.frame = parent.frame
    parent.addSublayer(videoLayer)
    var tip = parent
    for _ in 0..<depth {
      let child = CALayer()
      child.frame = CGRect(x: 1, y: 1, width: 10, height: 10)
      tip.addSublayer(child)
      tip = child
    }
    tip.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    return AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: videoLayer, in: parent)
  }

  @Test("9,000 nested layers fail the snapshot with a message; 250 levels snapshot")
  func deepChain() throws {
    let size = CGSize(width: 320, height: 240)
    #expect(throws: CompatFailure.self) {
      try Self.chain(9_000, size: size).snapshotLayerTree(renderSize: size)
    }
    do {
      _ = try Self.chain(9_000, size: size).snapshotLayerTree(renderSize: size)
    } catch {
      #expect(error.code == .invalidVideoComposition && error.reason.contains("levels of layers"))
    }
    // The container, the parent and 250 levels under it: 252 ≤ 256.
    let tree = try Self.chain(250, size: size).snapshotLayerTree(renderSize: size)
    #expect(tree.depthProblem == nil)
    #expect(tree.renderList(atSeconds: 0).items.contains { $0.layer.path.count == 251 })
  }
}
