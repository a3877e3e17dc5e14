// A command-line driver for seed 001's effects (on iOS, each is a view controller whose
// controls choose the parameters):
//   borders border COLOR(0 blue|1 red|2 green|3 white) WIDTH VIDEO OUTPUT.mov
//   borders overlay FRAME(0|1|2) VIDEO OUTPUT.mov        (Frame-1.png … in the working folder)
//   borders subtitle TEXT VIDEO OUTPUT.mov
//   borders tilt DIRECTION(0|1) VIDEO OUTPUT.mov
//   borders animation KIND(0 rotate|1 fade|2 twinkle) VIDEO OUTPUT.mov   (star.png)
// The export's handler hops to the main queue, as on iOS; dispatchMain() runs it.

import AVFoundationCompat

let arguments = Array(CommandLine.arguments.dropFirst())
func usage() -> Never {
  FileHandle.standardError.write(Data("usage: borders border|overlay|subtitle|tilt|animation PARAMETERS… VIDEO OUTPUT.mov\n".utf8))
  exit(2)
}
guard arguments.count >= 4 else { usage() }
let effect: CommonVideo
switch arguments[0] {
case "border":
  guard arguments.count == 5, let color = Int(arguments[1]), let width = Double(arguments[2]) else { usage() }
  let border = AddBorder()
  border.colorSegment = color
  border.widthBar = CGFloat(width)
  effect = border
case "overlay":
  let overlay = AddOverlay()
  overlay.frameSelectSegment = Int(arguments[1]) ?? 0
  effect = overlay
case "subtitle":
  let subtitle = AddSubtitle()
  subtitle.subTitle1 = arguments[1]
  effect = subtitle
case "tilt":
  let tilt = AddTilt()
  tilt.tiltSegment = Int(arguments[1]) ?? 0
  effect = tilt
case "animation":
  let animation = AddAnimation()
  animation.animationSelectSegment = Int(arguments[1]) ?? 0
  effect = animation
default:
  usage()
}
effect.videoAsset = AVURLAsset(url: URL(fileURLWithPath: arguments[arguments.count - 2]))
effect.outputURL = URL(fileURLWithPath: arguments[arguments.count - 1])
effect.videoOutput { exporter in
  if exporter.status == .completed {
    print("Wrote \(exporter.outputURL!.path)")
    exit(0)
  }
  print("Export failed: \(String(describing: exporter.error))")
  exit(1)
}

dispatchMain()
