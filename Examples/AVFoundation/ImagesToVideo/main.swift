// images-to-video OUTPUT.mp4 WIDTH HEIGHT SECONDS IMAGE...
//   Writes a slideshow: each image (aspect-fit on black) held for SECONDS (a comma-separated
//   list gives each image its own).

import AVFoundationCompat

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 5, let width = Double(arguments[1]), let height = Double(arguments[2])
else {
  print("usage: images-to-video OUTPUT.mp4 WIDTH HEIGHT SECONDS[,SECONDS…] IMAGE...")
  exit(2)
}
let imagePaths = Array(arguments[4...])
var durations = arguments[3].split(separator: ",").compactMap { Double($0) }
if durations.count == 1 { durations = Array(repeating: durations[0], count: imagePaths.count) }
let images = imagePaths.compactMap { UIImage(contentsOfFile: $0) }
guard images.count == imagePaths.count, durations.count == images.count else {
  print("cannot read every image, or the durations do not match the images")
  exit(1)
}

let writer = ImageVideoWriter(
  outputURL: URL(fileURLWithPath: arguments[0]), size: CGSize(width: width, height: height))
writer.write(images: images, durations: durations) { error in
  if let error = error {
    print("failed: \(error)")
    exit(1)
  }
  print("wrote \(arguments[0])")
  exit(0)
}
dispatchMain()
