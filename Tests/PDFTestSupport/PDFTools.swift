// What the report tests ask of a PDF file, answered by poppler-utils (pdfinfo, pdftotext,
// pdffonts, pdftoppm) as a user's viewer would see it. Shared by the report, CLI and GTK tests.

import Foundation

public struct ToolResult {
    public var status: Int32
    public var stdout: Data
    public var stderr: String

    public var text: String { String(decoding: stdout, as: UTF8.self) }
}

public enum PDFTools {
    /// Runs `tool` (found on PATH) with `arguments`; output goes through files, never a full pipe.
    public static func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ToolResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let directory = try temporaryDirectory(prefix: "ko-tool")
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out"), err = directory.appendingPathComponent("err")
        // A file that could not be made makes FileHandle below throw.
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return ToolResult(status: process.terminationStatus, stdout: try Data(contentsOf: out),
                          stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    /// A new empty directory under the system's temporary directory.
    public static func temporaryDirectory(prefix: String = "ko-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// pdfinfo's "Key: value" lines; dates in UTC, whatever the zone the tests run in.
    public static func info(_ path: String) throws -> [String: String] {
        let result = try run("pdfinfo", [path], environment: ["TZ": "UTC"])
        guard result.status == 0 else { throw ToolError("pdfinfo failed: \(result.stderr)") }
        var fields: [String: String] = [:]
        for line in result.text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    public static func pageCount(_ path: String) throws -> Int {
        Int(try info(path)["Pages"] ?? "") ?? 0
    }

    /// The text of the whole file, or of one page (1-based), with non-breaking spaces made plain.
    public static func text(_ path: String, page: Int? = nil) throws -> String {
        let pages = page.map { ["-f", String($0), "-l", String($0)] } ?? []
        let result = try run("pdftotext", pages + ["-enc", "UTF-8", path, "-"])
        guard result.status == 0 else { throw ToolError("pdftotext failed: \(result.stderr)") }
        return result.text.replacingOccurrences(of: "\u{00A0}", with: " ")
    }

    /// Every word pdftotext finds, with its page (1-based) and its box in points from the
    /// page's top-left corner, in pdftotext's reading order.
    public static func words(_ path: String) throws -> [PDFWord] {
        let result = try run("pdftotext", ["-bbox", "-enc", "UTF-8", path, "-"])
        guard result.status == 0 else { throw ToolError("pdftotext -bbox failed: \(result.stderr)") }
        var words: [PDFWord] = []
        var page = 0
        var pageSize = (width: 0.0, height: 0.0)
        func attribute(_ name: String, in tag: Substring) -> Double {
            guard let range = tag.range(of: name + "=\"") else { return .nan }
            let rest = tag[range.upperBound...]
            return Double(rest.prefix { $0 != "\"" }) ?? .nan
        }
        for line in result.text.split(separator: "\n") {
            let line = line.drop { $0 == " " }
            if line.hasPrefix("<page ") {
                page += 1
                pageSize = (attribute("width", in: line), attribute("height", in: line))
            } else if line.hasPrefix("<word "), let close = line.firstIndex(of: ">"), let end = line.range(of: "</word>") {
                let text = line[line.index(after: close)..<end.lowerBound]
                    .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                    .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
                    .replacingOccurrences(of: "&amp;", with: "&")
                words.append(PDFWord(text: text, page: page, pageWidth: pageSize.width, pageHeight: pageSize.height,
                                     xMin: attribute("xMin", in: line), yMin: attribute("yMin", in: line),
                                     xMax: attribute("xMax", in: line), yMax: attribute("yMax", in: line)))
            }
        }
        return words
    }

    /// Every font pdffonts lists, with whether it is embedded.
    public static func fonts(_ path: String) throws -> [(name: String, embedded: Bool)] {
        let result = try run("pdffonts", [path])
        guard result.status == 0 else { throw ToolError("pdffonts failed: \(result.stderr)") }
        // name type [type] encoding emb sub uni object ID: emb is the 5th column from the end.
        return result.text.split(separator: "\n").dropFirst(2).map { line in
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            return (String(columns.first ?? ""), columns.count >= 5 && columns[columns.count - 5] == "yes")
        }
    }

    /// Page `page` rendered in shades of grey at `dpi`.
    public static func grayImage(_ path: String, page: Int = 1, dpi: Int) throws -> GrayImage {
        let result = try run("pdftoppm", ["-gray", "-r", String(dpi), "-f", String(page), "-l", String(page), path])
        guard result.status == 0, let image = GrayImage(pgm: result.stdout) else {
            throw ToolError("pdftoppm failed: \(result.stderr)")
        }
        return image
    }
}

/// A word of a PDF page as pdftotext -bbox gives it: points from the page's top-left corner.
public struct PDFWord: Equatable, CustomStringConvertible {
    public var text: String
    public var page: Int
    public var pageWidth: Double
    public var pageHeight: Double
    public var xMin: Double
    public var yMin: Double
    public var xMax: Double
    public var yMax: Double

    public var description: String { "“\(text)” on page \(page) at x \(xMin)–\(xMax), y \(yMin)–\(yMax)" }
}

public struct ToolError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// An 8-bit grey image, read from and written as binary PGM (P5).
public struct GrayImage: Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init?(pgm data: Data) {
        let bytes = [UInt8](data)
        var index = 0
        func token() -> String? {
            while index < bytes.count, bytes[index] == 0x23 || (bytes[index] as UInt8).isSpace {
                if bytes[index] == 0x23 { while index < bytes.count, bytes[index] != 0x0A { index += 1 } } else { index += 1 }
            }
            let start = index
            while index < bytes.count, !bytes[index].isSpace { index += 1 }
            return start < index ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }
        guard token() == "P5", let width = token().flatMap(Int.init), let height = token().flatMap(Int.init),
              token() == "255", index < bytes.count else { return nil }
        index += 1  // the one whitespace byte before the pixels
        guard bytes.count - index >= width * height else { return nil }
        self.width = width
        self.height = height
        pixels = Array(bytes[index..<(index + width * height)])
    }

    public var pgm: Data {
        Data("P5\n\(width) \(height)\n255\n".utf8) + Data(pixels)
    }

    /// The share of pixels whose grey differs from `other`'s by more than `tolerance`
    /// (1 when the sizes differ).
    public func differingFraction(from other: GrayImage, tolerance: UInt8) -> Double {
        guard width == other.width, height == other.height else { return 1 }
        let differing = zip(pixels, other.pixels).filter { $0 > $1 ? $0 - $1 > tolerance : $1 - $0 > tolerance }.count
        return Double(differing) / Double(pixels.count)
    }

    /// The share of pixels darker than `level`.
    public func darkFraction(below level: UInt8 = 128) -> Double {
        Double(pixels.filter { $0 < level }.count) / Double(max(pixels.count, 1))
    }
}

private extension UInt8 {
    var isSpace: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
}
