import Foundation
import ReelProject

/// The folder the template is read from: empty, so every relative path in a mutated template
/// names a file that does not exist and the target exercises parsing and validation only.
private let templateFolder: String = {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("reel-fuzz-template-\(getpid())", isDirectory: true)
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder.appendingPathComponent("fuzz.json").path
}()

/// libFuzzer's entry: template bytes → `Template.load(data:)`, which parses, fills variables,
/// validates every key and builds the model, then evaluates the layer tree. Any outcome but a crash, a hang or a runaway
/// allocation is a pass: a problem list is the expected answer to most inputs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(bytes: bytes, count: count)
  do {
    let loaded = try Template.load(data: data, path: templateFolder, variables: ["name": "Ada"])
    // The render list is what every frame is drawn from: evaluate it where animations
    // start, in the middle and at the end, as a render would.
    if let layers = loaded.movie.layers {
      let duration = loaded.movie.duration.seconds
      for seconds in [0, duration / 2, duration] where seconds.isFinite {
        _ = layers.renderList(atSeconds: seconds).items.count
      }
    }
  } catch {
    _ = error.problems.count
  }
  return 0
}
