import Foundation
import ReelHTTP
import ReelProject

/// The folders watched and what in them counts.
struct WatchState: Sendable {
  /// One watch per folder.
  var watches: [String: DirectoryWatch] = [:]
  /// The file names that matter, by folder: the template and every file it uses.
  var names: [String: Set<String>] = [:]
  /// Bumped by every change; a reload runs only for the latest (debounce).
  var generation = 0
}

extension PreviewServer {
  /// How long after the last change the template is reloaded (editors write a file in
  /// several steps).
  static let debounce: DispatchTimeInterval = .milliseconds(100)

  /// Watches the folders of the template and of every file the current revision uses
  /// (kept from the last good revision while the template has errors). On ``reloads``.
  func updateWatches() {
    var files = [URL(fileURLWithPath: templatePath).standardizedFileURL.path]
    if let used = current.withLock({ $0?.template?.mediaFiles }) {
      files += used
    } else {
      // Keep the names a good revision had: the file that broke it may come back.
      files += watching.withLock {
        $0.names.flatMap { folder, names in names.map { folder + "/" + $0 } }
      }
    }
    var names: [String: Set<String>] = [:]
    for file in files {
      let url = URL(fileURLWithPath: file).standardizedFileURL
      names[url.deletingLastPathComponent().path, default: []].insert(url.lastPathComponent)
    }
    let existing = watching.withLock { $0.watches }
    var watches: [String: DirectoryWatch] = [:]
    for folder in names.keys {
      if let watch = existing[folder] {
        watches[folder] = watch
        continue
      }
      do {
        watches[folder] = try http.watchDirectory(folder) { [weak self] changed in
          self?.filesChanged(changed, in: folder)
        }
      } catch {
        FileHandle.standardError.write(Data("reel: preview: \(error)\n".utf8))
      }
    }
    watching.withLock { state in
      state.watches = watches
      state.names = names
    }
  }

  /// A watched folder reported `changed` (file names): reload soon if one of them matters.
  private func filesChanged(_ changed: [String], in folder: String) {
    let generation = watching.withLock { state -> Int? in
      guard let names = state.names[folder], changed.contains(where: names.contains) else {
        return nil
      }
      state.generation += 1
      return state.generation
    }
    guard let generation else { return }
    reloads.asyncAfter(deadline: .now() + Self.debounce) { [weak self] in
      guard let self, watching.withLock({ $0.generation }) == generation else { return }
      reload()
    }
  }

  /// Loads the template again as the next revision and tells the pages (on ``reloads``).
  func reload() {
    let number = (current.withLock { $0?.number } ?? 0) + 1
    let revision = PreviewRevision.load(number: number, path: templatePath, variables: variables)
    current.withLock { $0 = revision }
    frames.clearCache(keepingRevision: number)
    updateWatches()
    broadcast(PreviewJSON.revisionMessage(number))
  }
}
