import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A minimal HTTP/1.1 and WebSocket client over a plain TCP socket to 127.0.0.1, for the
/// preview server's tests: it sends exactly the headers a test gives (a foreign `Host`, an
/// `Origin`, a `Range`), which a real client library would not let it forge. Every read has
/// a generous timeout so a broken server fails a test instead of hanging it.
public enum HTTPTestClient {
  /// A response as read from the socket.
  public struct Response: Sendable {
    public var status: Int
    /// Header values by lower-cased name.
    public var headers: [String: String]
    public var body: Data
    public var text: String { String(decoding: body, as: UTF8.self) }
    /// The body parsed as a JSON object (nil when it is not one).
    public var json: [String: Any]? {
      (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }
  }

  /// Seconds a read may wait before the request fails.
  public static let readTimeout = 60

  /// Sends one request (`Connection: close`) and reads the whole response.
  ///
  /// - Parameters:
  ///   - target: The path and query (`/api/state?token=…`).
  ///   - host: The `Host` header (default `127.0.0.1:PORT`).
  ///   - headers: More headers.
  public static func request(
    port: Int, _ target: String, method: String = "GET", host: String? = nil,
    headers: [String: String] = [:]
  ) throws -> Response {
    let socket = try connect(port: port)
    defer { close(socket) }
    var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    head += "Connection: close\r\nContent-Length: 0\r\n\r\n"
    try send(socket, Data(head.utf8))
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = recv(socket, &buffer, buffer.count, 0)
      if count < 0 {
        throw TestSupport.ToolError(description: "reading the response failed (errno \(errno))")
      }
      if count == 0 { break }
      data.append(contentsOf: buffer[0..<count])
    }
    return try parse(data)
  }

  /// Whether something accepts connections on 127.0.0.1:`port`.
  public static func isListening(port: Int) -> Bool {
    guard let socket = try? connect(port: port) else { return false }
    close(socket)
    return true
  }

  /// A WebSocket connection (client side, text messages only).
  public final class WebSocket {
    private let socket: Int32
    private var pending = Data()
    /// The handshake's status (101 when it was accepted).
    public let status: Int

    /// Connects and sends the handshake for `target`.
    public init(port: Int, _ target: String, host: String? = nil, origin: String? = nil) throws {
      socket = try HTTPTestClient.connect(port: port)
      var head = "GET \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n"
      if let origin { head += "Origin: \(origin)\r\n" }
      head +=
        "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
      try HTTPTestClient.send(socket, Data(head.utf8))
      var received = Data()
      while received.range(of: Data("\r\n\r\n".utf8)) == nil {
        guard try Self.read(socket, into: &received) else { break }
      }
      let end = received.range(of: Data("\r\n\r\n".utf8))
      let headText = String(
        decoding: received[..<(end?.lowerBound ?? received.endIndex)], as: UTF8.self)
      status = Int(headText.split(separator: " ").dropFirst().first ?? "") ?? 0
      pending = end.map { Data(received[$0.upperBound...]) } ?? Data()
    }

    deinit { close(socket) }

    /// The next text message, or nil when the server closed the connection.
    public func nextText() throws -> String? {
      while true {
        if let message = try takeFrame() {
          switch message.opcode {
          case 1: return String(decoding: message.payload, as: UTF8.self)
          case 8: return nil
          default: continue
          }
        }
        guard try read() else { return nil }
      }
    }

    /// The next text message that parses as a JSON object passing `test`, skipping others.
    public func next(where test: ([String: Any]) -> Bool) throws -> [String: Any]? {
      while let text = try nextText() {
        if let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8)))
          as? [String: Any],
          test(object)
        {
          return object
        }
      }
      return nil
    }

    private func read() throws -> Bool { try Self.read(socket, into: &pending) }

    private static func read(_ socket: Int32, into data: inout Data) throws -> Bool {
      var buffer = [UInt8](repeating: 0, count: 65536)
      let count = recv(socket, &buffer, buffer.count, 0)
      if count < 0 {
        throw TestSupport.ToolError(description: "WebSocket read failed (errno \(errno))")
      }
      if count == 0 { return false }
      data.append(contentsOf: buffer[0..<count])
      return true
    }

    /// One whole frame from what was read (server frames are not masked).
    private func takeFrame() throws -> (opcode: UInt8, payload: Data)? {
      let bytes = [UInt8](pending)
      guard bytes.count >= 2 else { return nil }
      var length = Int(bytes[1] & 0x7F)
      var offset = 2
      if length == 126 {
        guard bytes.count >= 4 else { return nil }
        length = Int(bytes[2]) << 8 | Int(bytes[3])
        offset = 4
      } else if length == 127 {
        guard bytes.count >= 10 else { return nil }
        length = bytes[2..<10].reduce(0) { $0 << 8 | Int($1) }
        offset = 10
      }
      guard bytes.count >= offset + length else { return nil }
      pending = Data(bytes[(offset + length)...])
      return (bytes[0] & 0x0F, Data(bytes[offset..<(offset + length)]))
    }
  }

  static func connect(port: Int) throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw TestSupport.ToolError(description: "socket() failed") }
    var timeout = timeval(tv_sec: readTimeout, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      close(socket)
      throw TestSupport.ToolError(description: "cannot connect to 127.0.0.1:\(port)")
    }
    return socket
  }

  static func send(_ socket: Int32, _ data: Data) throws {
    let sent = data.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, 0) }
    guard sent == data.count else { throw TestSupport.ToolError(description: "send failed") }
  }

  private static func parse(_ data: Data) throws -> Response {
    guard let end = data.range(of: Data("\r\n\r\n".utf8)) else {
      throw TestSupport.ToolError(description: "no HTTP response head in \(data.count) bytes")
    }
    let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self)
      .components(separatedBy: "\r\n")
    let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    var body = Data(data[end.upperBound...])
    if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
    return Response(status: status, headers: headers, body: body)
  }

  private static func dechunk(_ data: Data) -> Data {
    var result = Data()
    var rest = data[...]
    while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
      let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self)
      guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16), size > 0,
        rest.distance(from: lineEnd.upperBound, to: rest.endIndex) >= size
      else { break }
      let start = lineEnd.upperBound
      let stop = rest.index(start, offsetBy: size)
      result.append(rest[start..<stop])
      let next = rest.index(stop, offsetBy: 2, limitedBy: rest.endIndex) ?? rest.endIndex
      rest = rest[next...]
    }
    return result
  }
}
