import CFFmpeg
import Foundation
import Testing

@testable import ReelMedia

/// The owning wrappers free their C objects exactly once when their initialisers fail part
/// way. (Swift runs `deinit` when an initialiser throws after every stored property is set;
/// freeing by hand before such a throw frees twice.)
@Suite("Wrapper lifetimes")
struct WrapperLifetimeTests {
  /// swr_init refuses a 0 Hz input after the context is stored: the resampler used to free
  /// it by hand and then again in deinit.
  @Test func resamplerRefusingItsInputFreesOnce() throws {
    let frame = try #require(FFFrame())
    let pointer = frame.pointer
    pointer.pointee.format = AV_SAMPLE_FMT_FLT.rawValue
    pointer.pointee.sample_rate = 0
    av_channel_layout_default(&pointer.pointee.ch_layout, 2)
    #expect(throws: MediaError.self) {
      _ = try Resampler(inputLike: pointer, output: .standard, path: "test.wav")
    }
    // A valid input still works after the failure.
    pointer.pointee.sample_rate = 44_100
    let resampler = try Resampler(inputLike: pointer, output: .standard, path: "test.wav")
    #expect(resampler.accepts(pointer))
  }
}
