import CFFmpeg

#if canImport(Glibc)
  import Glibc
#endif

/// libavfilter, loaded the first time an audio filter graph is built instead of at every
/// start of the process.
///
/// Debian's libavfilter pulls in 32 libraries nothing else in Reel needs (speech synthesis
/// voices, LAPACK, Vulkan, …); resolving them cost 17 ms of CPU at every start, paid again
/// by every chunk task of a cluster render (docs/scale-out.md), although only time-stretched
/// audio (`atempo`) uses a filter. The headers still come from `CFFmpeg`; the functions come
/// from here, so the module map does not link the library.
struct LibAVFilter: @unchecked Sendable {
  typealias GraphAlloc = @convention(c) () -> UnsafeMutablePointer<AVFilterGraph>?
  typealias GraphFree =
    @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVFilterGraph>?>?)
    -> Void
  typealias GraphConfig =
    @convention(c) (UnsafeMutablePointer<AVFilterGraph>?, UnsafeMutableRawPointer?)
    -> Int32
  typealias GetByName = @convention(c) (UnsafePointer<CChar>?) -> UnsafePointer<AVFilter>?
  typealias CreateFilter =
    @convention(c) (
      UnsafeMutablePointer<UnsafeMutablePointer<AVFilterContext>?>?, UnsafePointer<AVFilter>?,
      UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?,
      UnsafeMutablePointer<AVFilterGraph>?
    ) -> Int32
  typealias Link =
    @convention(c) (
      UnsafeMutablePointer<AVFilterContext>?, UInt32, UnsafeMutablePointer<AVFilterContext>?, UInt32
    ) -> Int32
  typealias AddFrame =
    @convention(c) (
      UnsafeMutablePointer<AVFilterContext>?, UnsafeMutablePointer<AVFrame>?, Int32
    ) -> Int32
  typealias GetFrame =
    @convention(c) (
      UnsafeMutablePointer<AVFilterContext>?, UnsafeMutablePointer<AVFrame>?
    ) -> Int32

  let graphAlloc: GraphAlloc
  let graphFree: GraphFree
  let graphConfig: GraphConfig
  let getByName: GetByName
  let createFilter: CreateFilter
  let link: Link
  let bufferSourceAddFrame: AddFrame
  let bufferSinkGetFrame: GetFrame

  /// The library's file name, from the major version of the headers Reel was built with.
  static let fileName = "libavfilter.so.\(LIBAVFILTER_VERSION_MAJOR)"

  /// The loaded library, or why it could not be loaded (loaded once per process).
  static let shared: Result<LibAVFilter, FFmpegError> = load()

  /// The loaded library.
  ///
  /// - Throws: ``FFmpegError`` naming the library and what the dynamic loader said, when it
  ///   is missing or lacks a function (install Debian's `libavfilter8`).
  static func loaded() throws(FFmpegError) -> LibAVFilter {
    try shared.get()
  }

  private static func load() -> Result<LibAVFilter, FFmpegError> {
    // Kept for the life of the process: filter graphs may exist until it ends.
    guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else {
      return .failure(loaderError("dlopen(\(fileName))"))
    }
    func symbol<Function>(_ name: String, as type: Function.Type) throws(FFmpegError) -> Function {
      guard let address = dlsym(handle, name) else {
        throw loaderError("dlsym(\(fileName), \(name))")
      }
      return unsafeBitCast(address, to: type)
    }
    do throws(FFmpegError) {
      return .success(
        LibAVFilter(
          graphAlloc: try symbol("avfilter_graph_alloc", as: GraphAlloc.self),
          graphFree: try symbol("avfilter_graph_free", as: GraphFree.self),
          graphConfig: try symbol("avfilter_graph_config", as: GraphConfig.self),
          getByName: try symbol("avfilter_get_by_name", as: GetByName.self),
          createFilter: try symbol("avfilter_graph_create_filter", as: CreateFilter.self),
          link: try symbol("avfilter_link", as: Link.self),
          bufferSourceAddFrame: try symbol("av_buffersrc_add_frame_flags", as: AddFrame.self),
          bufferSinkGetFrame: try symbol("av_buffersink_get_frame", as: GetFrame.self)))
    } catch {
      return .failure(error)
    }
  }

  /// An error for a failed `dlopen`/`dlsym`, with the loader's own text.
  private static func loaderError(_ call: String) -> FFmpegError {
    let reason = dlerror().map { String(cString: $0) } ?? "unknown reason"
    return FFmpegError(code: reel_AVERROR(ENOSYS), call: "\(call) [\(reason)]")
  }
}
