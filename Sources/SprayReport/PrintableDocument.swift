// What the preview window, the print operation and "Save PDF…" take: any document whose
// pages one drawing gives for the screen, the printer and the PDF alike — the calculator's
// report (PreparedReport), the treatment register (PreparedRegister) and the one-table documents
// (PreparedTable: the harvest dates, the store's list, the shopping list).

import SprayBase
import SprayPages


public protocol PrintableDocument {
    var pageCount: Int { get }
    var pageSize: PageSize { get }
    var metadata: PDFMetadata { get }
    var suggestedFileName: String { get }
    func drawPage(_ index: Int, on cr: OpaquePointer)
    func writePDF(to path: String, protecting protected: [String]) throws(ReportSaveError)
}

extension PreparedReport: PrintableDocument {}
extension PreparedRegister: PrintableDocument {}
extension PreparedTable: PrintableDocument {}
