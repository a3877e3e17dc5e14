// A command-line driver for seed 000's VideoEditor (on iOS, PickerViewController calls it):
//   birthday-card VIDEO NAME OUTPUT.mov
// `UIImage(named: "background")` resolves against the working folder, so run it where a
// background.png is. The export's handler runs on a background queue and hops to the main
// queue, as on iOS; `dispatchMain()` keeps this process alive until then.

import AVFoundationCompat

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: birthday-card VIDEO NAME OUTPUT.mov\n".utf8))
  exit(2)
}
let output = URL(fileURLWithPath: arguments[2])

VideoEditor().makeBirthdayCard(fromVideoAt: URL(fileURLWithPath: arguments[0]), forName: arguments[1]) { exported in
  guard let exported else { exit(1) }
  do {
    if FileManager.default.fileExists(atPath: output.path) {
      try FileManager.default.removeItem(at: output)
    }
    try FileManager.default.moveItem(at: exported, to: output)
  } catch {
    print("Cannot move \(exported.path) to \(output.path): \(error)")
    exit(1)
  }
  print("Wrote \(output.path)")
  exit(0)
}

dispatchMain()
