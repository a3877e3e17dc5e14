internal import Reel
internal import ReelCore
internal import ReelGraphics

/// A frame number of a Lottie animation's own timeline, as lottie-ios's `AnimationFrameTime`.
public typealias AnimationFrameTime = CGFloat

/// A point of an animation's playback from 0 (its first frame) to 1 (its last), as
/// lottie-ios's `AnimationProgressTime`.
public typealias AnimationProgressTime = CGFloat

/// A Lottie (Bodymovin JSON) animation, as airbnb's lottie-ios `LottieAnimation`: loaded
/// from a file and drawn by rlottie through Reel's `lottie` layer kind, the same checks and
/// limits as a template's `lottie` layer (docs/security.md, "Lottie files").
///
///     let animation = LottieAnimation.named("confetti")   // confetti.json beside the program
///     let layer = LottieAnimationLayer(animation: animation)
///
/// On Apple platforms this type comes from the lottie-ios package (`import Lottie`); on
/// Linux from `ReelAVFoundation` (through `AVFoundationCompat`).
public final class LottieAnimation: Sendable {
  /// The parsed animation.
  let animation: ReelGraphics.LottieAnimation

  init(_ animation: ReelGraphics.LottieAnimation) { self.animation = animation }

  /// The animation's first frame (its `ip`).
  public var startFrame: AnimationFrameTime { CGFloat(animation.document.inPoint) }
  /// The frame its timeline ends at (its `op`).
  public var endFrame: AnimationFrameTime { CGFloat(animation.document.outPoint) }
  /// Frames per second of its timeline.
  public var framerate: Double { animation.frameRate }
  /// Its length, seconds at its own frame rate.
  public var duration: TimeInterval {
    (animation.document.outPoint - animation.document.inPoint) / animation.frameRate
  }
  /// Its size in points (the JSON's `w` × `h`).
  public var size: CGSize {
    CGSize(width: animation.document.width, height: animation.document.height)
  }
  /// A rectangle of ``size`` at the origin.
  public var bounds: CGRect { CGRect(origin: .zero, size: size) }

  /// The frame at `progressTime` (0: ``startFrame``, 1: ``endFrame``).
  public func frameTime(forProgress progressTime: AnimationProgressTime) -> AnimationFrameTime {
    startFrame + (endFrame - startFrame) * progressTime
  }

  /// The progress (0…1) of `frameTime`.
  public func progressTime(forFrame frameTime: AnimationFrameTime) -> AnimationProgressTime {
    endFrame > startFrame ? (frameTime - startFrame) / (endFrame - startFrame) : 0
  }

  /// The animation in the file `name`(`.json`) among the program's resources: looked for in
  /// `bundle`'s resource folder (inside `subdirectory` when given), then in the current
  /// working folder. nil, with a warning saying where it looked or why the file was refused.
  ///
  /// - Parameters:
  ///   - name: The file's name, with or without `.json`.
  ///   - bundle: The bundle whose resources are searched (default the program's).
  ///   - subdirectory: A folder inside the resource folder.
  public static func named(
    _ name: String, bundle: Bundle = Bundle.main, subdirectory: String? = nil
  ) -> LottieAnimation? {
    let fileName = name.hasSuffix(".json") ? name : name + ".json"
    var folders: [String] = []
    if let resources = bundle.resourcePath {
      folders.append(subdirectory.map { resources + "/" + $0 } ?? resources)
    }
    folders.append(FileManager.default.currentDirectoryPath)
    for folder in folders {
      let path = folder + "/" + fileName
      if FileManager.default.fileExists(atPath: path) {
        return load(path, caller: "LottieAnimation.named(\"\(name)\")")
      }
    }
    CompatWarnings.warnOnce(
      key: "LottieAnimation.named|\(name)",
      "LottieAnimation.named(\"\(name)\") returns nil: no file \(fileName) in "
        + folders.joined(separator: " or ")
        + " (Reel has no asset catalogs: copy the animation next to the program or into the "
        + "working folder)")
    return nil
  }

  /// The animation in the Lottie JSON file at `filepath`; nil, with a warning saying why,
  /// when it cannot be read or is refused.
  public static func filepath(_ filepath: String) -> LottieAnimation? {
    load(filepath, caller: "LottieAnimation.filepath(\"\(filepath)\")")
  }

  /// The animation in Lottie JSON `data`. Images it names must be embedded (base64): data
  /// has no folder beside it.
  ///
  /// - Throws: An `NSError` (`AVFoundationErrorDomain`) whose reason says what is wrong.
  public static func from(data: Data) throws -> LottieAnimation {
    do throws(LottieError) {
      let document = try LottieDocument(data: data, limits: LottieDocument.Limits(.default)) {
        name throws(LottieError) in
        throw .unreadableImage(
          name: name, reason: "an animation made from data reads no files; embed the image")
      }
      return LottieAnimation(try ReelGraphics.LottieAnimation(document))
    } catch {
      throw CompatFailure(.decodeFailed, "LottieAnimation.from(data:): \(error.description)")
        .nsError
    }
  }

  private static func load(_ path: String, caller: String) -> LottieAnimation? {
    do throws(LottieError) {
      return LottieAnimation(try ReelGraphics.LottieAnimation.load(contentsOf: path))
    } catch {
      CompatWarnings.warnOnce(
        key: "LottieAnimation|\(path)", "\(caller) returns nil: \(path): \(error.description)")
      return nil
    }
  }
}
