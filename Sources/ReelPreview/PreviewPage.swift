/// The page's files, embedded in the binary from `Page/` (no CDN, no build step).
enum PreviewPage {
  static var index: [UInt8] { PackageResources.index_html }
  static var script: [UInt8] { PackageResources.preview_js }
  static var style: [UInt8] { PackageResources.preview_css }
}
